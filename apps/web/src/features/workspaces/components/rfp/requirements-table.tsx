import { Badge, Card, Checkbox, Group, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import type { RfpRequirement } from '@biddesk/shared';

const SECTIONS = [
  { value: 'all', label: 'All' },
  { value: 'L', label: 'L' },
  { value: 'M', label: 'M' },
  { value: 'C', label: 'C' },
  { value: 'other', label: 'Other' },
];
const OBLIGATIONS = [
  { value: 'all', label: 'All' },
  { value: 'must', label: 'Must' },
  { value: 'should', label: 'Should' },
];

/** Row selection, for members who may turn requirements into tasks. */
export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/**
 * The extracted requirements with their page, filterable by section and must/should. With a
 * `selection`, rows get checkboxes and the header box selects (or clears) every row the current
 * filters show; `actions` sit beside the filters.
 */
export function RequirementsTable({ requirements, selection, actions }: { requirements: RfpRequirement[]; selection?: Selection; actions?: ReactNode }) {
  const [section, setSection] = useState('all');
  const [obligation, setObligation] = useState('all');
  const shown = useMemo(
    () => requirements.filter((r) => (section === 'all' || r.section === section) && (obligation === 'all' || r.must_or_should === obligation)),
    [requirements, section, obligation],
  );
  const shownSelected = selection ? shown.filter((r) => selection.selected.has(r.requirement_id)).length : 0;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const r of shown) {
      if (shownSelected === shown.length) next.delete(r.requirement_id);
      else next.add(r.requirement_id);
    }
    selection.onChange(next);
  };
  const toggle = (id: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5">
          Requirements ({shown.length} of {requirements.length})
        </Title>
        <Group gap="xs">
          <SegmentedControl size="xs" aria-label="Section" data={SECTIONS} value={section} onChange={setSection} />
          <SegmentedControl size="xs" aria-label="Must or should" data={OBLIGATIONS} value={obligation} onChange={setObligation} />
          {actions}
        </Group>
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No requirements match these filters.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select all shown requirements"
                      checked={shown.length > 0 && shownSelected === shown.length}
                      indeterminate={shownSelected > 0 && shownSelected < shown.length}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                )}
                <Table.Th>ID</Table.Th>
                <Table.Th>Section</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Page</Table.Th>
                <Table.Th>Requirement</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.requirement_id}>
                  {selection && (
                    <Table.Td>
                      <Checkbox aria-label={`Select ${r.requirement_id}`} checked={selection.selected.has(r.requirement_id)} onChange={() => toggle(r.requirement_id)} />
                    </Table.Td>
                  )}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace">
                      {r.requirement_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.section === 'other' ? 'Other' : r.section}</Table.Td>
                  <Table.Td miw={80}>
                    <Badge size="sm" variant="light" color={r.must_or_should === 'must' ? 'red' : 'blue'}>
                      {r.must_or_should}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.page ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.text}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
