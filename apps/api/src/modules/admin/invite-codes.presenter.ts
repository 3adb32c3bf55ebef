import type { InviteCode } from '@biddesk/shared';
import type { InviteCodeRow } from '../../db/schema/index';

/** Wire shape of an invite code (SPEC §3). */
export function presentInviteCode(row: InviteCodeRow): InviteCode {
  return {
    id: row.id,
    code: row.code,
    used: row.usedAt !== null,
    created_at: row.createdAt.toISOString(),
    used_by_email: row.usedByEmail,
    used_at: row.usedAt?.toISOString() ?? null,
  };
}
