import type { ValueAward } from '@biddesk/shared';
import type { PursuitValueAward } from '../../db/schema/index';

export function presentValueAward(a: PursuitValueAward | null): ValueAward | null {
  return a ? { award_key: a.awardKey, piid: a.piid, recipient_name: a.recipientName, basis: a.basis } : null;
}
