import { Anchor, List, Text } from '@mantine/core';
import type { PursuitParty } from '@biddesk/shared';
import { Link } from 'react-router';
import { usePursuitParties } from '../api/pursuit-parties-api';

const HOW: Record<NonNullable<PursuitParty['linked_by']>, string> = {
  chosen: 'chosen in partner search',
  uei: 'typed as its UEI',
  unique_name: 'the only recipient seen under this name',
};

/**
 * The pursuit's competitors and teaming partners that are tied to award data, each linking to its
 * award history; a name several recipients share says why it is not linked. Names tied to nothing
 * are listed only in the fields above.
 */
export function PursuitPartyLinks({ pursuitId }: { pursuitId: string }) {
  const parties = usePursuitParties(pursuitId);
  const shown = (parties.data ?? []).filter((p) => p.uei || p.not_linked_reason);
  if (shown.length === 0) return null;
  return (
    <div data-testid="pursuit-party-links">
      <Text size="sm" fw={500}>
        Linked to award data
      </Text>
      <List size="sm" spacing={2}>
        {shown.map((p) => (
          <List.Item key={`${p.kind}:${p.name}`}>
            {p.kind === 'competitor' ? 'Competitor' : 'Teaming partner'}:{' '}
            {p.uei ? (
              <>
                <Anchor component={Link} to={`/partners?uei=${encodeURIComponent(p.uei)}`} size="sm">
                  {p.name}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' '}
                  (UEI {p.uei}, {HOW[p.linked_by!]}) — award history
                </Text>
              </>
            ) : (
              <>
                {p.name}
                <Text span size="xs" c="dimmed">
                  {' '}
                  — {p.not_linked_reason}
                </Text>
              </>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
