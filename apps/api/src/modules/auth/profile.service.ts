import type { UpdateProfileBody, User } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { unauthorized } from '../../lib/errors';
import { presentUser } from './users.presenter';
import * as usersRepo from './users.repository';

/**
 * PATCH /auth/profile (Settings → Profile; issue 21: the screen said "Profile updated successfully"
 * and kept nothing). Only the caller's own name: the email is the sign-in and the address
 * invitations are bound to, so it is not changed here.
 */
export async function updateProfile(ctx: AuthedCtx, body: UpdateProfileBody): Promise<User> {
  const row = await usersRepo.updateName(ctx.db, ctx.actor.id, body.name);
  // The account was deleted between authentication and this update.
  if (!row) throw unauthorized('Could not validate credentials');
  ctx.log.info({ userId: row.id }, 'profile name changed');
  return presentUser(row);
}
