import type { MessageResponse, Notification } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import * as notificationsRepository from './notifications.repository';
import { presentNotification } from './notifications.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 100;
const NOT_FOUND = 'Notification not found';

/** GET /notifications: the caller's own, newest first (at most 100). */
export async function listNotifications(ctx: AuthedCtx): Promise<Notification[]> {
  const rows = await notificationsRepository.listForUser(ctx.db, ctx.actor.id, LIST_LIMIT);
  return rows.map(presentNotification);
}

/**
 * PUT /notifications/{id}/read. Someone else's notification answers the same 404 as a missing
 * one, so ids of other users' notifications cannot be probed, and it is never changed.
 */
export async function markRead(ctx: AuthedCtx, id: string): Promise<Notification> {
  const row = UUID.test(id) ? await notificationsRepository.markRead(ctx.db, ctx.actor.id, id) : undefined;
  if (!row) throw notFound(NOT_FOUND);
  return presentNotification(row);
}

/** DELETE /notifications/{id}: only the caller's own; others' answer 404. */
export async function deleteNotification(ctx: AuthedCtx, id: string): Promise<MessageResponse> {
  const deleted = UUID.test(id) ? await notificationsRepository.deleteOwn(ctx.db, ctx.actor.id, id) : false;
  if (!deleted) throw notFound(NOT_FOUND);
  return { message: 'Notification deleted' };
}
