import { Anchor, Button, Text } from '@mantine/core';
import { valueAwardLabel, type Pursuit } from '@biddesk/shared';
import { toast } from '../../../lib/toast';
import { useTakeAwardValue, useValueSuggestion } from '../api/pursuit-parties-api';

const WHOLE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const SOURCE_TEXT: Record<'entered' | 'notice', string> = {
  entered: 'Value source: entered',
  notice: 'Value source: the notice’s award amount',
};

/**
 * Under the estimated value: where the value came from, and — when nobody entered one and the
 * notice states none — the incumbent's prior award value as a one-click fill, with its rule and
 * source, never applied silently (docs/decisions/2026-11-28-pursuit-values-from-awards.md).
 */
export function AwardValueOffer({ pursuit }: { pursuit: Pursuit }) {
  const open = pursuit.value_source === null || pursuit.value_source === 'prior_award';
  const offer = useValueSuggestion(pursuit.id, open);
  const take = useTakeAwardValue();
  const s = offer.data?.suggestion;
  const current =
    pursuit.value_source === 'prior_award' && pursuit.value_award
      ? `Value source: ${valueAwardLabel(pursuit.value_award)} (${pursuit.value_award.basis === 'ceiling' ? 'base and all options' : 'obligated'})`
      : null;
  return (
    <div data-testid="value-source">
      {pursuit.value_source && pursuit.value_source !== 'prior_award' && (
        <Text size="xs" c="dimmed">
          {SOURCE_TEXT[pursuit.value_source]}
        </Text>
      )}
      {current && (
        <Text size="xs" c="dimmed">
          {current}
        </Text>
      )}
      {pursuit.value_source === null && offer.data?.reason && (
        <Text size="xs" c="dimmed">
          No value from prior awards: {offer.data.reason}
        </Text>
      )}
      {s && s.award_key !== pursuit.value_award?.award_key && (
        <Text size="xs" mt={4}>
          The incumbent&apos;s prior award offers {WHOLE.format(s.amount)} (
          {s.basis === 'ceiling' ? 'base and all options' : 'obligated; no ceiling stated'}) — {s.label}, {s.rule_label}.{' '}
          <Anchor href={s.source_url} target="_blank" rel="noopener noreferrer" size="xs">
            Source record
          </Anchor>
          <Button
            size="compact-xs"
            variant="light"
            ml="xs"
            loading={take.isPending}
            onClick={() =>
              take.mutate(
                { pursuitId: pursuit.id, awardKey: s.award_key },
                {
                  onSuccess: () => toast.success(`Estimated value set ${s.label}`),
                  onError: (error) => toast.error('Failed to use the prior award value', error),
                },
              )
            }
          >
            Use {WHOLE.format(s.amount)}
          </Button>
        </Text>
      )}
    </div>
  );
}
