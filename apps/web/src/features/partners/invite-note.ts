import type { PartnerSummary } from '@biddesk/shared';

/** The note the invitation starts with: what is known of the partner (its email is not in award data). */
export const inviteNote = (p: Pick<PartnerSummary, 'name' | 'uei'>) => `We would like to team with ${p.name} (UEI ${p.uei}) on this bid.`;
