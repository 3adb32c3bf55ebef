import type { SendNotificationBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import { recordActivity } from '../activity/activity.service';
import * as usersRepository from '../auth/users.repository';
import * as notificationsRepository from '../notifications/notifications.repository';

/**
 * POST /admin/notifications: an 'admin' notification to one user, or with `user_id` null to every
 * user at once (one INSERT ... SELECT). Answers how many were sent.
 */
export async function sendNotification(ctx: AuthedCtx, body: SendNotificationBody): Promise<{ sent: number }> {
  const content = { title: body.title, message: body.message, type: 'admin', link: body.link ?? null };
  const sent = await ctx.db.transaction(async (tx) => {
    let n: number;
    if (body.user_id) {
      if (!(await usersRepository.findById(tx, body.user_id))) throw notFound('User not found');
      await notificationsRepository.insertForUser(tx, body.user_id, content);
      n = 1;
    } else {
      n = await notificationsRepository.insertForAllUsers(tx, content);
    }
    await recordActivity(tx, ctx.actor, {
      action: 'admin.notification_sent',
      targetType: body.user_id ? 'user' : 'all_users',
      targetId: body.user_id,
      details: { title: body.title, sent: n },
    });
    return n;
  });
  return { sent };
}
