import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import * as activityRepository from './activity.repository';

export interface ActivityEntry {
  /** e.g. 'document.generated', 'opportunities.imported', 'admin.user_deleted'. */
  action: string;
  documentType?: string | null;
  solicitationNumber?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
  /** Set for what happens inside a workspace: it then shows in that workspace's Activity tab. */
  workspaceId?: string | null;
}

/**
 * Records who did what (admin Activity tab, workspace activity). Takes `db` so a service can
 * write the record inside the transaction of the action it describes.
 */
export async function recordActivity(db: Db, actor: Pick<UserRow, 'id' | 'name' | 'email'> | null, entry: ActivityEntry): Promise<void> {
  await activityRepository.insert(db, {
    userId: actor?.id ?? null,
    actorName: actor?.name ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    documentType: entry.documentType ?? null,
    solicitationNumber: entry.solicitationNumber ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    workspaceId: entry.workspaceId ?? null,
  });
}
