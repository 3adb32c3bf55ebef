import type { AdminUser, AppRole, CreateUserBody, DeleteUserResponseSchema, MessageResponse } from '@biddesk/shared';
import type { z } from 'zod';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { recordActivity } from '../activity/activity.service';
import * as resetTokensRepository from '../auth/reset-tokens.repository';
import * as usersRepository from '../auth/users.repository';
import { handOverOwnedWorkspaces } from '../workspaces/workspace-ownership';
import { removeUnreferencedFiles } from '../../lib/stored-files';
import * as adminUsersRepository from './admin-users.repository';
import { presentAdminUser } from './admin-users.presenter';

type DeleteUserResponse = z.infer<typeof DeleteUserResponseSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const USER_NOT_FOUND = 'User not found';

/** Every user with their counts, newest first. */
export async function listUsers(ctx: AuthedCtx): Promise<AdminUser[]> {
  const rows = await adminUsersRepository.listWithStats(ctx.db);
  return rows.map(presentAdminUser);
}

async function getAdminUser(db: Db, id: string): Promise<AdminUser> {
  const [row] = await adminUsersRepository.listWithStats(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return presentAdminUser(row);
}

/** A non-uuid id names no user: 404 rather than a database type error. */
function assertUserId(id: string): void {
  if (!UUID.test(id)) throw notFound(USER_NOT_FOUND);
}

/**
 * The rules both role change and delete check on locked rows, inside their transaction: the last
 * admin stays an admin, and the caller must still be an admin (another admin may have demoted or
 * deleted them a moment ago, after the auth hook read their row).
 */
async function lockTarget(tx: Db, ctx: AuthedCtx, id: string, removesAdmin: boolean, lastAdminDetail: string): Promise<UserRow> {
  const admins = await adminUsersRepository.lockAdmins(tx);
  const target = await adminUsersRepository.findByIdForUpdate(tx, id);
  if (!target) throw notFound(USER_NOT_FOUND);
  if (target.role === 'admin' && removesAdmin && admins.length <= 1) throw badRequest(lastAdminDetail);
  if (!admins.includes(ctx.actor.id)) throw forbidden('Admin access required');
  return target;
}

/**
 * PUT /admin/users/{id}/role. The role is read from the database on every request (plugins/auth),
 * so the user's next request already carries it; sessions are not ended. The last-admin check
 * runs on locked admin rows inside the transaction, so two concurrent demotions cannot both pass.
 */
export async function changeRole(ctx: AuthedCtx, id: string, role: AppRole): Promise<AdminUser> {
  assertUserId(id);
  if (id === ctx.actor.id) throw badRequest('You cannot change your own role');
  await ctx.db.transaction(async (tx) => {
    const target = await lockTarget(tx, ctx, id, role !== 'admin', 'The last admin cannot be demoted. Make another user an admin first.');
    if (target.role === role) return;
    if (role === 'admin' && target.isGuest) throw badRequest(GUEST_ADMIN);
    await adminUsersRepository.updateRole(tx, id, role);
    await recordActivity(tx, ctx.actor, {
      action: 'admin.user_role_changed',
      targetType: 'user',
      targetId: id,
      details: { email: target.email, from: target.role, to: role },
    });
  });
  ctx.log.info({ userId: id, role }, 'user role changed');
  return getAdminUser(ctx.db, id);
}

const GUEST_ADMIN = 'A guest cannot be an admin. Make them an internal user first.';

/**
 * PUT /admin/users/{id}/guest (issue 26): makes an account a guest (a teaming partner: its
 * workspaces only) or an internal user. Admins are never guests. The flag is read on every
 * request, so the user's next call already follows it; workspace memberships are kept.
 */
export async function changeGuest(ctx: AuthedCtx, id: string, isGuest: boolean): Promise<AdminUser> {
  assertUserId(id);
  if (id === ctx.actor.id) throw badRequest('You cannot make your own account a guest');
  await ctx.db.transaction(async (tx) => {
    const target = await lockTarget(tx, ctx, id, false, '');
    if (target.isGuest === isGuest) return;
    if (isGuest && target.role === 'admin') throw badRequest('An admin cannot be a guest. Change the role to user first.');
    await adminUsersRepository.updateGuest(tx, id, isGuest);
    await recordActivity(tx, ctx.actor, {
      action: 'admin.user_guest_changed',
      targetType: 'user',
      targetId: id,
      details: { email: target.email, is_guest: isGuest },
    });
  });
  ctx.log.info({ userId: id, isGuest }, 'user guest flag changed');
  return getAdminUser(ctx.db, id);
}

/**
 * DELETE /admin/users/{id}: the user and everything they own, in one transaction (see
 * docs/decisions/2026-11-23-deleting-a-user.md).
 */
export async function deleteUser(ctx: AuthedCtx, id: string): Promise<DeleteUserResponse> {
  assertUserId(id);
  if (id === ctx.actor.id) throw badRequest('You cannot delete your own account');
  const removed = await ctx.db.transaction(async (tx) => {
    const target = await lockTarget(tx, ctx, id, true, 'The last admin cannot be deleted. Make another user an admin first.');
    const workspaces = await handOverOwnedWorkspaces(tx, target, ctx.actor);
    const counts = await adminUsersRepository.deleteUserAndOwned(tx, id);
    await recordActivity(tx, ctx.actor, {
      action: 'admin.user_deleted',
      targetType: 'user',
      targetId: id,
      details: {
        email: target.email,
        name: target.name,
        role: target.role,
        removed: counts,
        workspaces: { transferred: workspaces.transferred, deleted: workspaces.deleted },
      },
    });
    return { ...counts, workspaces };
  });
  await removeUnreferencedFiles(ctx.db, ctx.files, removed.workspaces.fileKeys);
  ctx.log.info({ userId: id, removed }, 'user deleted');
  return {
    deleted: true,
    removed: {
      saved_opportunities: removed.saved_opportunities,
      generated_documents: removed.generated_documents,
      notifications: removed.notifications,
    },
    workspaces: { transferred: removed.workspaces.transferred, deleted: removed.workspaces.deleted },
  };
}

/** POST /admin/create-user: an account without an invite code, as user or admin. */
export async function createUser(ctx: AuthedCtx, body: CreateUserBody): Promise<AdminUser> {
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    if (await usersRepository.findByEmail(tx, body.email)) throw conflict('A user with this email already exists');
    const row = await usersRepository.insert(tx, { name: body.name, email: body.email, passwordHash, role: body.role });
    await recordActivity(tx, ctx.actor, {
      action: 'admin.user_created',
      targetType: 'user',
      targetId: row.id,
      details: { email: row.email, role: row.role },
    });
    return row;
  });
  ctx.log.info({ userId: user.id, role: user.role }, 'user created by admin');
  return presentAdminUser({ user, savedCount: 0, documentCount: 0 });
}

/**
 * POST /admin/users/{id}/reset-password: sets a new password, bumps the token version so every
 * existing session of that user ends, and voids their outstanding reset links.
 */
export async function resetUserPassword(ctx: AuthedCtx, id: string, newPassword: string): Promise<MessageResponse> {
  assertUserId(id);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const target = await adminUsersRepository.findByIdForUpdate(tx, id);
    if (!target) throw notFound(USER_NOT_FOUND);
    await usersRepository.updatePassword(tx, id, passwordHash);
    await resetTokensRepository.invalidateForUser(tx, id, new Date());
    await recordActivity(tx, ctx.actor, {
      action: 'admin.password_reset',
      targetType: 'user',
      targetId: id,
      details: { email: target.email },
    });
  });
  ctx.log.info({ userId: id }, 'password reset by admin');
  return { message: 'Password reset successfully' };
}
