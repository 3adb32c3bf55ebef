import { ActionIcon, Button, Checkbox, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import {
  GATE_EVIDENCE,
  GATE_EVIDENCE_LABELS,
  STAGE_NAME_MAX,
  type GateEvidence,
  type PipelineStage,
  type StageOutcome,
} from '@biddesk/shared';
import { useEffect, useState } from 'react';
import { useReplaceStages } from '../api/pursuits-api';
import { toast } from '../../../lib/toast';

const OUTCOMES: { value: string; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'won', label: 'Closes: won' },
  { value: 'lost', label: 'Closes: lost' },
  { value: 'no_bid', label: 'Closes: no bid' },
  { value: 'cancelled', label: 'Closes: cancelled' },
];

type Row = {
  key: string;
  id?: string;
  name: string;
  outcome: StageOutcome | null;
  opens_workspace: boolean;
  gate_evidence: GateEvidence[] | null;
};

/**
 * Admins edit the stage list (issue 26): rename, reorder, add, remove, and choose which open stage
 * creates the workspace, which stages are gates and the evidence a Go there needs. The server refuses removing a stage that still holds pursuits, with the
 * stages and counts in its detail, which is shown as is.
 */
export function StageEditor({ opened, stages, onClose }: { opened: boolean; stages: PipelineStage[]; onClose: () => void }) {
  const [rows, setRows] = useState<Row[]>([]);
  const replace = useReplaceStages();
  useEffect(() => {
    if (opened)
      setRows(
        stages.map((s) => ({
          key: s.id,
          id: s.id,
          name: s.name,
          outcome: s.outcome,
          opens_workspace: s.opens_workspace,
          gate_evidence: s.gate_evidence,
        })),
      );
  }, [opened, stages]);
  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const swap = (i: number, j: number) =>
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const save = () =>
    replace.mutate(
      rows.map(({ id, name, outcome, opens_workspace, gate_evidence }) => ({
        id,
        name,
        outcome,
        opens_workspace,
        gate_evidence: outcome ? null : gate_evidence,
      })),
      {
        onSuccess: () => {
          toast.success('Stages saved');
          onClose();
        },
        onError: (error) => toast.error('Failed to save the stages', error),
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title="Pipeline stages" size="lg">
      <Radio.Group
        label="The stage from which the workspace can be created"
        value={rows.find((r) => r.opens_workspace)?.key ?? ''}
        onChange={(key) => setRows((rs) => rs.map((r) => ({ ...r, opens_workspace: r.key === key })))}
      >
        <Stack gap="xs" mt="xs">
          {rows.map((r, i) => (
            <Stack key={r.key} gap={4}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  aria-label={`Stage ${i + 1} name`}
                  value={r.name}
                  maxLength={STAGE_NAME_MAX}
                  onChange={(e) => update(i, { name: e.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <Select
                  aria-label={`Stage ${i + 1} kind`}
                  data={OUTCOMES}
                  value={r.outcome ?? 'open'}
                  allowDeselect={false}
                  onChange={(v) =>
                    update(i, {
                      outcome: v === 'open' || !v ? null : (v as StageOutcome),
                      opens_workspace: v === 'open' ? r.opens_workspace : false,
                    })
                  }
                  w={170}
                />
                <Radio value={r.key} aria-label={`Stage ${i + 1} opens the workspace`} disabled={r.outcome !== null} />
                <ActionIcon variant="subtle" aria-label={`Move stage ${i + 1} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move stage ${i + 1} down`}
                  disabled={i === rows.length - 1}
                  onClick={() => swap(i, i + 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove stage ${i + 1}`}
                  onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {r.outcome === null && (
                <Group gap="sm" wrap="wrap" pl={4}>
                  <Checkbox
                    size="xs"
                    label="Gate: leaving it needs a Go"
                    checked={r.gate_evidence !== null}
                    onChange={(e) => update(i, { gate_evidence: e.currentTarget.checked ? ['incumbent'] : null })}
                    aria-label={`Stage ${i + 1} is a gate`}
                  />
                  {r.gate_evidence !== null &&
                    GATE_EVIDENCE.map((ev) => (
                      <Checkbox
                        key={ev}
                        size="xs"
                        label={GATE_EVIDENCE_LABELS[ev]}
                        aria-label={`Stage ${i + 1} gate needs: ${GATE_EVIDENCE_LABELS[ev]}`}
                        checked={r.gate_evidence!.includes(ev)}
                        onChange={(e) =>
                          update(i, {
                            gate_evidence: e.currentTarget.checked ? [...r.gate_evidence!, ev] : r.gate_evidence!.filter((x) => x !== ev),
                          })
                        }
                      />
                    ))}
                </Group>
              )}
            </Stack>
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="sm">
        A stage that still holds pursuits cannot be removed: move them first.
      </Text>
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          onClick={() =>
            setRows((rs) => [...rs, { key: `new-${Date.now()}`, name: '', outcome: null, opens_workspace: false, gate_evidence: null }])
          }
        >
          Add stage
        </Button>
        <Button onClick={save} loading={replace.isPending}>
          Save stages
        </Button>
      </Group>
    </Modal>
  );
}
