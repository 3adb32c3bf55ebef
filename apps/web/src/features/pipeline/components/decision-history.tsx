import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatDate, OUTCOME_LABELS, OUTCOME_REASON_LABELS, RECOMMENDATION_LABELS } from '@biddesk/shared';
import { errorMessage } from '../../../lib/api-client';
import { usePursuitDecisions } from '../api/pipeline-gates-api';
import { formatDay, formatMoney } from '../../../lib/display-format';

/** What was decided at each gate and why (newest first), and how the pursuit ended. */
export function DecisionHistory({ pursuitId }: { pursuitId: string }) {
  const decisions = usePursuitDecisions(pursuitId);
  if (decisions.isPending) return <Text size="sm">Loading decisions…</Text>;
  if (decisions.isError) return <Alert color="red">{errorMessage(decisions.error, 'Failed to load the decisions')}</Alert>;
  const { gate_reviews: reviews, outcome } = decisions.data;
  return (
    <Stack gap="sm" data-testid="decision-history">
      <Title order={3} size="h5">
        Outcome
      </Title>
      {outcome ? (
        <Card withBorder padding="xs" data-testid="outcome-summary">
          <Text size="sm" fw={600}>
            {OUTCOME_LABELS[outcome.outcome]}
            {outcome.award_value !== null && ` · award ${formatMoney(outcome.award_value)}`}
            {outcome.winner && ` · winner ${outcome.winner}`}
          </Text>
          {outcome.reasons.length > 0 && <Text size="sm">Reasons: {outcome.reasons.map((r) => OUTCOME_REASON_LABELS[r]).join(', ')}</Text>}
          {outcome.reason_text && <Text size="sm">{outcome.reason_text}</Text>}
          {outcome.debrief_date && <Text size="sm">Debrief: {formatDay(outcome.debrief_date)}</Text>}
          {outcome.lessons_learned && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              Lessons learned: {outcome.lessons_learned}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            p(win) when closed {outcome.p_win_at_close === null ? '—' : `${outcome.p_win_at_close}%`} · recorded{' '}
            {formatDate(outcome.recorded_at)}
            {outcome.recorded_by && ` by ${outcome.recorded_by.name}`}
          </Text>
        </Card>
      ) : (
        <Text size="sm" c="dimmed">
          Open: no outcome recorded.
        </Text>
      )}
      <Title order={3} size="h5">
        Gate decisions
      </Title>
      {reviews.length === 0 ? (
        <Text size="sm" c="dimmed">
          No gate review yet.
        </Text>
      ) : (
        <List listStyleType="none" spacing="xs" p={0}>
          {reviews.map((r) => (
            <List.Item key={r.id}>
              <Card withBorder padding="xs" data-testid="gate-decision">
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {r.gate_name}
                  </Text>
                  <Badge color={r.decision === 'go' ? 'green' : 'red'} variant="light">
                    {r.decision === 'go' ? 'Go' : 'No go'}
                  </Badge>
                  <Text size="xs">
                    p(go) {r.p_go}% · recommended {RECOMMENDATION_LABELS[r.recommendation]}
                    {r.drivers.length > 0 && ` (${r.drivers.join(', ')})`}
                  </Text>
                </Group>
                <Text size="sm" mt={2}>
                  {r.rationale}
                </Text>
                {r.inputs.missing.length > 0 && (
                  <Text size="xs" c="dimmed">
                    Evidence missing then: {r.inputs.missing.join(', ').replace(/_/g, ' ')}
                  </Text>
                )}
                <details>
                  <summary style={{ fontSize: 'var(--mantine-font-size-xs)', cursor: 'pointer' }}>Scores</summary>
                  <List size="xs" spacing={2} mt={4}>
                    {r.scores.map((s) => (
                      <List.Item key={s.factor_id}>
                        {s.name} (×{s.weight}): {s.score} — {s.note}
                      </List.Item>
                    ))}
                  </List>
                </details>
                <Text size="xs" c="dimmed" mt={2}>
                  {r.decided_by?.name ?? 'A deleted user'} · {new Date(r.created_at).toLocaleString()}
                </Text>
              </Card>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
