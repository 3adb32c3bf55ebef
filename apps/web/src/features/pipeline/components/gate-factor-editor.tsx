import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { GATE_FACTOR_NAME_MAX, MAX_GATE_FACTORS } from '@biddesk/shared';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useGateFactors, useReplaceGateFactors } from '../api/pipeline-gates-api';
import { toast } from '../../../lib/toast';

type Row = { key: string; id?: string; name: string; description: string; weight: number | '' };

/**
 * Admins edit the gate review's rubric (issue 26 item 3): factors, their weights (1-10) and the
 * question each asks. Reviews already recorded keep the rubric they were scored on.
 */
export function GateFactorEditor({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const factors = useGateFactors(opened);
  const replace = useReplaceGateFactors();
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened && factors.data)
      setRows(factors.data.map((f) => ({ key: f.id, id: f.id, name: f.name, description: f.description, weight: f.weight })));
    setError(null);
  }, [opened, factors.data]);
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const swap = (i: number, j: number) =>
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const save = () =>
    replace.mutate(
      rows.map(({ id, name, description, weight }) => ({ id, name, description, weight: weight === '' ? 0 : weight })),
      {
        onSuccess: () => {
          toast.success('Gate rubric saved');
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Failed to save the rubric')),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Gate rubric" size="xl">
      <Text size="sm" c="dimmed" mb="sm">
        Every gate review scores each factor 1-5; p(go) is the weighted mean mapped to 0-100%. Past reviews keep the rubric they were scored
        on.
      </Text>
      <Stack gap="xs">
        {rows.map((r, i) => (
          <Group key={r.key} gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              label={i === 0 ? 'Factor' : undefined}
              aria-label={`Factor ${i + 1} name`}
              value={r.name}
              maxLength={GATE_FACTOR_NAME_MAX}
              onChange={(e) => update(i, { name: e.currentTarget.value })}
              style={{ flex: '1 1 200px' }}
            />
            <NumberInput
              label={i === 0 ? 'Weight' : undefined}
              aria-label={`Factor ${i + 1} weight`}
              min={1}
              max={10}
              allowDecimal={false}
              value={r.weight}
              onChange={(v) => update(i, { weight: typeof v === 'number' ? v : '' })}
              w={90}
            />
            <TextInput
              label={i === 0 ? 'Question' : undefined}
              aria-label={`Factor ${i + 1} question`}
              value={r.description}
              maxLength={300}
              onChange={(e) => update(i, { description: e.currentTarget.value })}
              style={{ flex: '2 1 240px' }}
            />
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Move factor ${i + 1} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move factor ${i + 1} down`}
                disabled={i === rows.length - 1}
                onClick={() => swap(i, i + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove factor ${i + 1}`}
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
      {error && (
        <Alert color="red" role="alert" mt="sm">
          {error}
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          disabled={rows.length >= MAX_GATE_FACTORS}
          onClick={() => setRows((rs) => [...rs, { key: `new-${Date.now()}`, name: '', description: '', weight: 1 }])}
        >
          Add factor
        </Button>
        <Button onClick={save} loading={replace.isPending}>
          Save rubric
        </Button>
      </Group>
    </Modal>
  );
}
