import type { ActivityItem } from '@biddesk/shared';
import type { ActivityRow } from '../../db/schema/index';

/**
 * Wire shape of an activity record (SPEC §3 activity item). The actor's name and email are copied
 * when the record is written, so a deleted user's actions still show who did them (user_id is
 * then null); a record without an actor was written by the system (CLI import, bootstrap).
 */
export function presentActivity(row: ActivityRow): ActivityItem {
  return {
    id: row.id,
    user: row.actorName || row.actorEmail || 'System',
    action: row.action,
    document_type: row.documentType,
    solicitation_number: row.solicitationNumber,
    timestamp: row.createdAt.toISOString(),
  };
}
