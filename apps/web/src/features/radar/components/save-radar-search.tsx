import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSaveRadarSearch } from '../api/radar-api';
import type { RadarState } from '../url-state';

/** "Save as radar search": the current filters under a name, alerted daily like saved searches. */
export function SaveRadarSearch({ state }: { state: RadarState }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveRadarSearch();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { name, state },
      {
        onSuccess: (saved) => {
          setOpen(false);
          setName('');
          toast.success(`Saved "${saved.name}": you will be told when new awards enter it`);
        },
        onError: (err) => setError(errorMessage(err, 'Failed to save the radar search')),
      },
    );
  };
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        Save as radar search
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Save as radar search">
        <form onSubmit={submit}>
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
