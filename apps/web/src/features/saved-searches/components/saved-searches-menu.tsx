import { ActionIcon, Button, Group, Modal, Popover, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBellRinging, IconBookmark, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SAVED_SEARCH_NAME_MAX, type SavedSearch } from '@biddesk/shared';
import { useCreateSavedSearch, useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches-api';
import { describeFilters, filtersFromUrl, type SearchFilters } from '../filters-from-url';
import { toast } from '../../../lib/toast';

/**
 * Dashboard: the user's saved searches (open one: its filters go to the URL and the dashboard runs
 * them) and "Save current search" for the filters in the URL. New matches of a saved search arrive
 * in the bell once a day; the line under the list says so.
 */
export function SavedSearchesMenu() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [naming, setNaming] = useState(false);
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const current = filtersFromUrl(params);
  const list = searches.data ?? [];

  const openSearch = (search: SavedSearch) => {
    setOpen(false);
    void navigate(search.link);
  };
  const deleteSearch = (search: SavedSearch) =>
    remove.mutate(search.id, {
      onSuccess: () => toast.success(`Saved search "${search.name}" deleted`),
      onError: (err) => toast.error('Failed to delete saved search', err),
    });

  return (
    <Group justify="flex-end" mb="md" gap="xs">
      <Tooltip label={current ? 'Save these filters and get alerts for new matches' : 'Run a search first, then save it'}>
        <Button variant="light" size="xs" leftSection={<IconDeviceFloppy size={14} />} disabled={!current} onClick={() => setNaming(true)}>
          Save search
        </Button>
      </Tooltip>
      <Popover opened={open} onChange={setOpen} position="bottom-end" width={340} shadow="md" withArrow>
        <Popover.Target>
          <Button variant="default" size="xs" leftSection={<IconBookmark size={14} />} onClick={() => setOpen((o) => !o)}>
            Saved searches{list.length > 0 ? ` (${list.length})` : ''}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={6} role="list" aria-label="Saved searches">
            {searches.isError && (
              <Text size="sm" c="red">
                Failed to load saved searches
              </Text>
            )}
            {list.length === 0 && !searches.isError && (
              <Text size="sm" c="dimmed">
                No saved searches yet. Search, then press Save search.
              </Text>
            )}
            {list.map((s) => (
              <Group key={s.id} role="listitem" wrap="nowrap" gap="xs" justify="space-between">
                <UnstyledButton onClick={() => openSearch(s)} style={{ flex: 1, minWidth: 0 }} aria-label={`Open saved search ${s.name}`}>
                  <Text size="sm" fw={600} truncate>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {describeFilters(s.filters)}
                  </Text>
                </UnstyledButton>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete saved search ${s.name}`}
                  onClick={() => deleteSearch(s)}
                  disabled={remove.isPending}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Group gap={4} mt={4} wrap="nowrap">
              <IconBellRinging size={14} color="var(--mantine-color-dimmed)" />
              <Text size="xs" c="dimmed">
                New matches arrive in the bell once a day (Settings → Notifications).
              </Text>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {/* Keyed by the filters, so the suggested name follows the current search. */}
      {current && <SaveSearchModal key={JSON.stringify(current)} opened={naming} onClose={() => setNaming(false)} filters={current} />}
    </Group>
  );
}

function SaveSearchModal({ opened, onClose, filters }: { opened: boolean; onClose: () => void; filters: SearchFilters }) {
  const [value, setName] = useState(() => describeFilters(filters).slice(0, SAVED_SEARCH_NAME_MAX));
  const create = useCreateSavedSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: value.trim(), filters },
      {
        onSuccess: (saved) => {
          toast.success(`Search saved as "${saved.name}"`);
          onClose();
        },
        onError: (err) => toast.error('Failed to save search', err),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Save search" centered>
      <form onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            {describeFilters(filters)}
          </Text>
          <TextInput
            label="Name"
            data-autofocus
            value={value}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!value.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
