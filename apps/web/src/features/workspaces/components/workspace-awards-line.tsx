import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useWorkspaceAwardsLine } from '../api/awards-line';
import { formatAmount, formatAwardDay } from '../../../lib/award-format';

/**
 * Under a workspace's title: "Incumbent: <recipient> · ends <date> · <obligated> of <ceiling>",
 * with the rule that found it, linking to the opportunity's awards card. Only for internal users
 * (the server refuses guests as well), and nothing at all when no candidate exists.
 */
export function WorkspaceAwardsLine({ workspaceId, enabled }: { workspaceId: string; enabled: boolean }) {
  const line = useWorkspaceAwardsLine(workspaceId, enabled);
  const i = line.data?.incumbent;
  if (!enabled || !i || !line.data?.opportunity_id) return null;
  return (
    <Text size="sm" mt={4} data-testid="workspace-awards-line">
      <Anchor component={Link} to={`/opportunity/${line.data.opportunity_id}#awards`} size="sm">
        Incumbent: {i.recipient_name ?? 'recipient not named'} · ends {formatAwardDay(i.current_end_date)} ·{' '}
        {formatAmount(i.obligated_amount)} of {i.ceiling_amount === null ? 'no ceiling stated' : formatAmount(i.ceiling_amount)}
      </Anchor>
      <Text span size="xs" c="dimmed">
        {' '}
        ({i.rule_label})
      </Text>
    </Text>
  );
}
