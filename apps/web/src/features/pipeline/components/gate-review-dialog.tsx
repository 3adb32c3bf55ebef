import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  GATE_EVIDENCE_LABELS,
  NO_INCUMBENT,
  RECOMMENDATION_LABELS,
  scoreGate,
  type GateEvidence,
  type GateFactor,
  type PipelineStage,
  type PursuitListItem as Pursuit,
  type PursuitDecisions,
} from '@biddesk/shared';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMovePursuit } from '../api/pursuits-api';
import { useGateFactors, usePursuitDecisions, useRecordGateReview } from '../api/pipeline-gates-api';

interface Props {
  pursuit: Pursuit | null;
  /** The gates the wanted move passes, in order; the first without a Go as its latest decision is reviewed. */
  gates: PipelineStage[];
  /** Where to move the pursuit after a Go (null: just record the review). */
  moveTo: PipelineStage | null;
  onClose: () => void;
  onMoved: (pursuit: Pursuit, to: PipelineStage) => void;
}

const SCORE_OPTIONS = [
  { value: '', label: 'Score…' },
  { value: '1', label: '1 — showstopper' },
  { value: '2', label: '2 — weak' },
  { value: '3', label: '3 — neutral' },
  { value: '4', label: '4 — good' },
  { value: '5', label: '5 — strong' },
];

/** The gate under review: the first gate of the move whose latest review is not Go. */
function pendingGate(gates: PipelineStage[], decisions: PursuitDecisions | undefined): PipelineStage | null {
  if (!decisions) return null;
  return gates.find((g) => decisions.gate_reviews.find((r) => r.gate_stage_id === g.id)?.decision !== 'go') ?? null;
}

/**
 * The gate review (issue 26 item 3): a 1-5 score and note per factor of the rubric, the gate's
 * evidence, a live p(go) and recommendation computed as the server does, and the decision with its
 * rationale. A Go then makes the move the user asked for; the server checks every rule again.
 */
export function GateReviewDialog({ pursuit, gates, moveTo, onClose, onMoved }: Props) {
  const decisions = usePursuitDecisions(pursuit?.id ?? null);
  const factors = useGateFactors(pursuit !== null);
  const gate = pendingGate(gates, decisions.data);
  const narrow = useMediaQuery('(max-width: 40em)');
  // The move runs here, not in the form: once the Go is stored the form's gate is no longer pending
  // and the form unmounts, which would drop the move's callbacks.
  const move = useMovePursuit();
  const [moveError, setMoveError] = useState<string | null>(null);
  useEffect(() => setMoveError(null), [pursuit]);
  const onRecorded = (decision: 'go' | 'no_go') => {
    if (!pursuit || decision !== 'go' || !moveTo) return onClose();
    move.mutate(
      { pursuit, stageId: moveTo.id },
      {
        onSuccess: (moved) => {
          onMoved(moved, moveTo);
          onClose();
        },
        // Another gate of the same move shows next (its decisions were refetched).
        onError: (e) =>
          setMoveError(e instanceof ApiError && e.code === 'GATE_REQUIRED' ? null : errorMessage(e, 'Failed to move the pursuit')),
      },
    );
  };
  return (
    <Modal
      opened={pursuit !== null}
      onClose={onClose}
      size="xl"
      fullScreen={narrow}
      title={pursuit && gate ? `Gate review: ${gate.name}` : 'Gate review'}
      closeButtonProps={{ 'aria-label': 'Close gate review' }}
    >
      {pursuit && (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {pursuit.title}
          </Text>
          {decisions.isPending || factors.isPending ? (
            <Text size="sm">Loading…</Text>
          ) : decisions.isError || factors.isError ? (
            <Alert color="red">{errorMessage(decisions.error ?? factors.error, 'Failed to load the gate review')}</Alert>
          ) : move.isPending ? (
            <Text size="sm">Go recorded. Moving to {moveTo?.name}…</Text>
          ) : moveError ? (
            <Alert color="red" role="alert">
              {moveError}
            </Alert>
          ) : gate ? (
            <GateReviewForm
              key={gate.id}
              pursuit={pursuit}
              gate={gate}
              factors={factors.data}
              decisions={decisions.data}
              moveTo={moveTo}
              onClose={onClose}
              onRecorded={onRecorded}
            />
          ) : (
            <Alert color="green">Every gate of this move has a Go recorded. Close this and move the pursuit again.</Alert>
          )}
        </>
      )}
    </Modal>
  );
}

interface FormProps {
  pursuit: Pursuit;
  gate: PipelineStage;
  factors: GateFactor[];
  decisions: PursuitDecisions;
  moveTo: PipelineStage | null;
  onClose: () => void;
  onRecorded: (decision: 'go' | 'no_go') => void;
}

function GateReviewForm({ pursuit, gate, factors, decisions, moveTo, onClose, onRecorded }: FormProps) {
  const record = useRecordGateReview();
  const [scores, setScores] = useState<Record<string, { score: string; note: string }>>({});
  // Prefilled with the evidence the pursuit holds (the list does not carry it; the decisions do).
  const known = decisions.evidence;
  const [incumbent, setIncumbent] = useState(known.incumbent && known.incumbent !== NO_INCUMBENT ? known.incumbent : '');
  const [noIncumbent, setNoIncumbent] = useState(known.incumbent === NO_INCUMBENT);
  const [pageBudget, setPageBudget] = useState<number | ''>(known.page_budget ?? '');
  const [decision, setDecision] = useState<'go' | 'no_go' | ''>('');
  const [rationale, setRationale] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [gate.id]);

  const required = (gate.gate_evidence ?? []) as GateEvidence[];
  const rfp = decisions.evidence.rfp_requirements;
  const preview = useMemo(() => {
    const scored = factors.map((f) => ({ name: f.name, weight: f.weight, score: Number(scores[f.id]?.score || 0) }));
    return scored.every((s) => s.score >= 1) ? scoreGate(scored) : null;
  }, [factors, scores]);
  const setScore = (id: string, patch: Partial<{ score: string; note: string }>) =>
    setScores((s) => ({ ...s, [id]: { ...(s[id] ?? { score: '', note: '' }), ...patch } }));
  const pastReviews = decisions.gate_reviews.filter((r) => r.gate_stage_id === gate.id);

  const submit = () => {
    setError(null);
    if (!decision) return setError('Choose Go or No go.');
    record.mutate(
      {
        id: pursuit.id,
        body: {
          gate_stage_id: gate.id,
          scores: factors.map((f) => ({ factor_id: f.id, score: Number(scores[f.id]?.score || 0), note: scores[f.id]?.note ?? '' })),
          incumbent: noIncumbent ? NO_INCUMBENT : incumbent.trim() || null,
          page_budget: pageBudget === '' ? null : pageBudget,
          decision,
          rationale,
        },
      },
      {
        onError: (e) => setError(errorMessage(e, 'Failed to record the gate review')),
        onSuccess: () => onRecorded(decision),
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        {pastReviews.length > 0 && (
          <Alert color="gray" variant="light">
            Reviewed {pastReviews.length} {pastReviews.length === 1 ? 'time' : 'times'} before; the latest decided{' '}
            {pastReviews[0]!.decision === 'go' ? 'Go' : 'No go'}. This review is a new record.
          </Alert>
        )}
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend" mb="xs">
            Rubric: score each factor 1-5 with a note
          </Title>
          <Stack gap="sm">
            {factors.map((f) => (
              <Group key={f.id} align="flex-start" gap="sm" wrap="wrap" data-testid="gate-factor">
                <NativeSelect
                  label={f.name}
                  description={`Weight ${f.weight}${f.description ? ` · ${f.description}` : ''}`}
                  data={SCORE_OPTIONS}
                  value={scores[f.id]?.score ?? ''}
                  onChange={(e) => setScore(f.id, { score: e.currentTarget.value })}
                  required
                  style={{ flex: '1 1 260px' }}
                />
                <Textarea
                  label={`Note: ${f.name}`}
                  autosize
                  minRows={1}
                  maxRows={4}
                  maxLength={1000}
                  value={scores[f.id]?.note ?? ''}
                  onChange={(e) => setScore(f.id, { note: e.currentTarget.value })}
                  required
                  style={{ flex: '2 1 260px' }}
                />
              </Group>
            ))}
          </Stack>
        </fieldset>

        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={3} size="h5" component="legend" mb="xs">
            Evidence {required.length > 0 ? `(a Go needs: ${required.map((r) => GATE_EVIDENCE_LABELS[r]).join(', ')})` : ''}
          </Title>
          <Stack gap="xs">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Incumbent"
                value={noIncumbent ? '' : incumbent}
                disabled={noIncumbent}
                onChange={(e) => setIncumbent(e.currentTarget.value)}
                maxLength={120}
                style={{ flex: '1 1 220px' }}
              />
              <Checkbox
                label="No incumbent (new requirement)"
                checked={noIncumbent}
                onChange={(e) => setNoIncumbent(e.currentTarget.checked)}
                mb={8}
              />
            </Group>
            <NumberInput
              label="Page budget (pages)"
              min={1}
              max={10000}
              allowDecimal={false}
              value={pageBudget}
              onChange={(v) => setPageBudget(typeof v === 'number' ? v : '')}
              maw={220}
            />
            <Text size="sm" data-testid="gate-rfp-evidence">
              RFP requirements:{' '}
              {rfp.extracted ? (
                `${rfp.count} extracted`
              ) : pursuit.workspace_id ? (
                <>
                  not extracted yet —{' '}
                  <Anchor component={Link} to={`/workspace/${pursuit.workspace_id}`}>
                    upload the solicitation in the workspace
                  </Anchor>
                </>
              ) : (
                'not extracted yet (create the workspace and upload the solicitation)'
              )}
            </Text>
          </Stack>
        </fieldset>

        <Alert
          color={preview?.recommendation === 'bid' ? 'green' : preview?.recommendation === 'no_bid' ? 'red' : 'yellow'}
          variant="light"
          data-testid="gate-preview"
          title="Recommendation"
        >
          {preview ? (
            <>
              p(go) {preview.p_go}% · {RECOMMENDATION_LABELS[preview.recommendation]}
              {preview.drivers.length > 0 && ` — driven by ${preview.drivers.join(', ')}`}
            </>
          ) : (
            'Score every factor to see p(go) and the recommendation.'
          )}
        </Alert>

        <Radio.Group label="Decision" value={decision} onChange={(v) => setDecision(v as 'go' | 'no_go')} required>
          <Group gap="lg" mt={4}>
            <Radio value="go" label="Go" />
            <Radio value="no_go" label="No go" />
          </Group>
        </Radio.Group>
        <Textarea
          label="Rationale"
          description="Why this decision, in a sentence or two"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={4000}
          value={rationale}
          onChange={(e) => setRationale(e.currentTarget.value)}
          required
        />
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
            {decision === 'go' && moveTo ? `Record Go and move to ${moveTo.name}` : 'Record decision'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
