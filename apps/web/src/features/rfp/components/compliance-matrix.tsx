import { Alert, Badge, Button, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { RFP_REQUIREMENT_STATUS_LABELS, plural, type RfpDraftStatus, type RfpMatrixRow, type TaskStatus } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';
import { downloadMatrix, useMatrix } from '../api/rfp';
import { downloadCorrections } from '../api/rfp-corrections';
import { BasisDetails, CorrectedFrom, LeadIn, WhyToggle } from './requirement-basis';
import { toast } from '../../../lib/toast';

const TASK_STATUS: Record<TaskStatus, { label: string; color: string }> = {
  TODO: { label: 'To Do', color: 'gray' },
  IN_PROGRESS: { label: 'In Progress', color: 'blue' },
  REVIEW: { label: 'Review', color: 'violet' },
  DONE: { label: 'Done', color: 'green' },
};
const DRAFT_COLOR: Record<RfpDraftStatus, string> = {
  addressed: 'green',
  partial: 'yellow',
  missing: 'red',
  conflict: 'red',
  check: 'orange',
  not_applicable: 'gray',
};
// The one status (issue 24): the same words as the analysis and the CSV/XLSX exports.
const DRAFT_STATUS = Object.fromEntries(
  Object.entries(DRAFT_COLOR).map(([k, color]) => [k, { label: RFP_REQUIREMENT_STATUS_LABELS[k as RfpDraftStatus], color }]),
) as Record<RfpDraftStatus, { label: string; color: string }>;

function DraftCell({ draft }: { draft: RfpMatrixRow['draft'] }) {
  if (!draft)
    return (
      <Text size="sm" c="dimmed">
        No draft analyzed
      </Text>
    );
  // Where the draft answers it; a row not answered by a narrative has no place to point at.
  const where =
    draft.status === 'not_applicable'
      ? null
      : [draft.location_hint, draft.page && !draft.location_hint?.includes(`(page ${draft.page})`) ? `page ${draft.page}` : null]
          .filter(Boolean)
          .join(' · ');
  return (
    <>
      {/* Sentence case, so "Not applicable" fits the narrow column without being cut. */}
      <Badge size="sm" variant="light" tt="none" color={DRAFT_STATUS[draft.status].color}>
        {DRAFT_STATUS[draft.status].label}
      </Badge>
      {where && (
        <Text size="xs" c="dimmed">
          {where}
        </Text>
      )}
    </>
  );
}

/**
 * The workspace compliance matrix: per requirement its task, assignee, task status and the draft's
 * answer; downloads as CSV or Excel. After an amendment, new and reworded requirements (with the old
 * wording struck through) and rows whose task is flagged are marked.
 */
export function ComplianceMatrix({ workspaceId }: { workspaceId: string }) {
  const matrix = useMatrix(workspaceId);
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | 'jsonl' | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggleOpen = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const download = async (format: 'csv' | 'xlsx' | 'jsonl') => {
    setDownloading(format);
    try {
      const { blob, fileName } = format === 'jsonl' ? await downloadCorrections(workspaceId) : await downloadMatrix(workspaceId, format);
      downloadBlob(fileName ?? (format === 'jsonl' ? 'requirement_corrections.jsonl' : `compliance_matrix.${format}`), blob);
    } catch (err) {
      const what = format === 'jsonl' ? 'the corrections' : 'the compliance matrix';
      toast.error(`Failed to download ${what}`, err);
    } finally {
      setDownloading(null);
    }
  };

  if (matrix.isPending) return <Loader size="sm" />;
  if (matrix.isError) return <Alert color="red">{errorMessage(matrix.error, 'Failed to load the compliance matrix')}</Alert>;

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} size="h5">
          Compliance Matrix
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="light" loading={downloading === 'csv'} onClick={() => void download('csv')}>
            Download CSV
          </Button>
          <Button size="xs" variant="light" loading={downloading === 'xlsx'} onClick={() => void download('xlsx')}>
            Download Excel
          </Button>
          <Button size="xs" variant="light" loading={downloading === 'jsonl'} onClick={() => void download('jsonl')}>
            Download corrections (JSONL)
          </Button>
        </Group>
      </Group>
      {matrix.data.excluded_count > 0 && (
        <Text size="sm" c="dimmed" mb="xs" data-testid="matrix-excluded">
          {plural(matrix.data.excluded_count, 'row')} marked not a requirement {matrix.data.excluded_count === 1 ? 'is' : 'are'} left out;
          undo a correction in the Requirements view.
        </Text>
      )}
      {/* Draft status next to the requirement, so it stays on screen in a narrow panel (chat open).
          The region itself takes focus to scroll sideways by keyboard (axe: scrollable-region-focusable). */}
      <Table.ScrollContainer
        minWidth={640}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Compliance matrix' } }}
      >
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Requirement</Table.Th>
              <Table.Th>Draft</Table.Th>
              <Table.Th>Task</Table.Th>
              <Table.Th>Page</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {matrix.data.rows.map((r) => (
              <Fragment key={r.requirement_id}>
                <Table.Tr
                  data-testid={`matrix-row-${r.requirement_id}`}
                  data-amended={r.amendment?.change ?? (r.task?.requirements_changed ? 'task-flagged' : undefined)}
                  bg={r.amendment?.change === 'changed' || r.task?.requirements_changed ? 'orange.0' : r.amendment ? 'green.0' : undefined}
                >
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" ff="monospace">
                      {r.requirement_id}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.section === 'other' ? 'Other' : r.section} · {r.must_or_should}
                    </Text>
                    {r.correction && (
                      <Text size="xs" c="dimmed">
                        <CorrectedFrom engine={r.correction.engine.section} shown={r.section} />
                        <CorrectedFrom engine={r.correction.engine.must_or_should} shown={r.must_or_should} />
                      </Text>
                    )}
                    {r.amendment && (
                      <Badge size="xs" variant="light" color={r.amendment.change === 'changed' ? 'orange' : 'green'}>
                        {r.amendment.change === 'changed' ? 'Changed' : 'New'} in v{r.amendment.version}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <LeadIn text={r.lead_in} />
                    <Text size="sm">{r.text}</Text>
                    {r.amendment?.previous_text && (
                      <Text size="xs" c="dimmed" td="line-through" title="Wording in the previous version">
                        {r.amendment.previous_text}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={130}>
                    <DraftCell draft={r.draft} />
                  </Table.Td>
                  <Table.Td miw={160}>
                    {r.task ? (
                      <>
                        <Text size="sm">{r.task.title}</Text>
                        <Group gap={6}>
                          <Badge size="sm" variant="light" color={TASK_STATUS[r.task.status].color}>
                            {TASK_STATUS[r.task.status].label}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {r.task.assignee_name ?? 'Unassigned'}
                          </Text>
                        </Group>
                        {r.task.requirements_changed && (
                          // Text, not a badge, so it wraps in the narrow column instead of being cut.
                          <Group gap={4} mt={4} wrap="nowrap" align="flex-start">
                            <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden style={{ flexShrink: 0 }} />
                            <Text size="xs" fw={700} c="orange">
                              Requirements changed
                            </Text>
                          </Group>
                        )}
                      </>
                    ) : (
                      <Text size="sm" c="dimmed">
                        No task
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.page ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <WhyToggle
                      requirementId={r.requirement_id}
                      open={open.has(r.requirement_id)}
                      controls={`matrix-why-${r.requirement_id}`}
                      onToggle={() => toggleOpen(r.requirement_id)}
                    />
                  </Table.Td>
                </Table.Tr>
                {open.has(r.requirement_id) && (
                  <Table.Tr id={`matrix-why-${r.requirement_id}`}>
                    <Table.Td colSpan={6}>
                      <BasisDetails basis={r.basis} page={r.page} correction={r.correction} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
