import { isInAppPath, type Notification } from '@biddesk/shared';
import type { NotificationRow } from '../../db/schema/index';

/** Wire shape of a notification (SPEC §3). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    read: row.read,
    created_at: row.createdAt.toISOString(),
    type: row.type,
    // Rows stored before links were checked are served without a link rather than off-site.
    link: row.link !== null && isInAppPath(row.link) ? row.link : null,
  };
}
