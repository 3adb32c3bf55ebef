import { Alert, Button, Checkbox, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  OUTCOME_LABELS,
  OUTCOME_REASONS,
  OUTCOME_REASON_LABELS,
  type OutcomeReason,
  type PipelineStage,
  type PursuitListItem as Pursuit,
  type StageOutcome,
} from '@biddesk/shared';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { usePursuitDecisions, useRecordOutcome } from '../api/pipeline-gates-api';

interface Props {
  pursuit: Pursuit | null;
  /** The closing stage the user chose (its outcome is preselected). */
  target: PipelineStage | null;
  stages: PipelineStage[];
  onClose: () => void;
  onRecorded: (pursuit: Pursuit, stage: PipelineStage) => void;
}

/**
 * Closes a pursuit (issue 26 item 4): Won / Lost / No bid / Cancelled with the award, reasons,
 * debrief and lessons learned, optionally archiving its workspace. Sent again while closed, it
 * edits the outcome.
 */
export function OutcomeDialog({ pursuit, target, stages, onClose, onRecorded }: Props) {
  const narrow = useMediaQuery('(max-width: 40em)');
  const decisions = usePursuitDecisions(pursuit?.id ?? null);
  return (
    <Modal
      opened={pursuit !== null}
      onClose={onClose}
      size="lg"
      fullScreen={narrow}
      title="Record outcome"
      closeButtonProps={{ 'aria-label': 'Close outcome form' }}
    >
      {pursuit && target && !decisions.isPending && (
        <OutcomeForm
          key={`${pursuit.id}:${target.id}`}
          pursuit={pursuit}
          target={target}
          stages={stages}
          existing={decisions.data?.outcome ?? null}
          onClose={onClose}
          onRecorded={onRecorded}
        />
      )}
    </Modal>
  );
}

type Existing = NonNullable<NonNullable<ReturnType<typeof usePursuitDecisions>['data']>['outcome']>;

function OutcomeForm({
  pursuit,
  target,
  stages,
  existing,
  onClose,
  onRecorded,
}: {
  pursuit: Pursuit;
  target: PipelineStage;
  stages: PipelineStage[];
  existing: Existing | null;
  onClose: () => void;
  onRecorded: Props['onRecorded'];
}) {
  const record = useRecordOutcome();
  const closing = stages.filter((s) => s.outcome !== null);
  const [outcome, setOutcome] = useState<StageOutcome>(target.outcome ?? 'no_bid');
  const prior = existing && existing.outcome === outcome ? existing : null;
  const [awardValue, setAwardValue] = useState<number | ''>(existing?.award_value ?? '');
  const [winner, setWinner] = useState(existing?.winner ?? '');
  const [reasons, setReasons] = useState<OutcomeReason[]>(existing?.reasons ?? []);
  const [reasonText, setReasonText] = useState(existing?.reason_text ?? '');
  const [debriefDate, setDebriefDate] = useState(existing?.debrief_date ?? '');
  const [lessons, setLessons] = useState(existing?.lessons_learned ?? '');
  const [archive, setArchive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsReason = outcome === 'lost' || outcome === 'no_bid';
  const stage = closing.find((s) => s.outcome === outcome)!;

  const submit = () => {
    setError(null);
    record.mutate(
      {
        id: pursuit.id,
        body: {
          from_stage_id: pursuit.stage_id,
          outcome,
          award_value: awardValue === '' ? null : awardValue,
          winner: winner.trim() || null,
          reasons,
          reason_text: reasonText,
          debrief_date: debriefDate || null,
          lessons_learned: lessons,
          archive_workspace: archive,
        },
      },
      {
        onSuccess: () => {
          onRecorded(pursuit, stage);
          onClose();
        },
        onError: (e) => setError(errorMessage(e, 'Failed to record the outcome')),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {pursuit.title}
        </Text>
        {prior && (
          <Text size="sm" data-testid="outcome-prior">
            Recorded {new Date(prior.recorded_at).toLocaleDateString()}
            {prior.recorded_by ? ` by ${prior.recorded_by.name}` : ''}; saving edits it.
          </Text>
        )}
        <Radio.Group label="Outcome" value={outcome} onChange={(v) => setOutcome(v as StageOutcome)} required>
          <Group gap="lg" mt={4}>
            {closing.map((s) => (
              <Radio key={s.id} value={s.outcome!} label={OUTCOME_LABELS[s.outcome!]} />
            ))}
          </Group>
        </Radio.Group>
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput
            label="Award value (USD)"
            min={0}
            thousandSeparator=","
            prefix="$"
            value={awardValue}
            onChange={(v) => setAwardValue(typeof v === 'number' ? v : '')}
            style={{ minWidth: 180 }}
          />
          <TextInput
            label="Winner (awardee)"
            maxLength={120}
            value={winner}
            onChange={(e) => setWinner(e.currentTarget.value)}
            style={{ minWidth: 180 }}
          />
        </Group>
        <Checkbox.Group
          label={needsReason ? 'Reasons (pick at least one)' : 'Reasons'}
          value={reasons}
          onChange={(v) => setReasons(v as OutcomeReason[])}
          required={needsReason}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={6} mt={6}>
            {OUTCOME_REASONS.map((r) => (
              <Checkbox key={r} value={r} label={OUTCOME_REASON_LABELS[r]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Textarea
          label="Reasons in your words"
          autosize
          minRows={2}
          maxRows={6}
          value={reasonText}
          onChange={(e) => setReasonText(e.currentTarget.value)}
        />
        <TextInput type="date" label="Debrief date" value={debriefDate} onChange={(e) => setDebriefDate(e.currentTarget.value)} maw={220} />
        <Textarea
          label="Lessons learned"
          autosize
          minRows={3}
          maxRows={10}
          value={lessons}
          onChange={(e) => setLessons(e.currentTarget.value)}
        />
        {pursuit.workspace_id && (
          <Checkbox
            label="Archive the workspace too (it becomes read-only; only its owner can do this)"
            checked={archive}
            onChange={(e) => setArchive(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record outcome
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
