import type { AuthResponse, ChangePasswordBody } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { issueSession } from './auth.service';
import * as usersRepository from './users.repository';

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * POST /auth/change-password (Settings → Profile; beyond SPEC §7, which only shows a success
 * message). The current password must be right. The change bumps token_version, as a reset does,
 * so every other session (other browsers, a stolen token) ends; the caller's own session goes on
 * with the fresh token in the answer. The update is conditional on the token version the caller's
 * session carried, so two changes racing cannot both win with different passwords.
 */
export async function changePassword(ctx: AuthedCtx, body: ChangePasswordBody): Promise<AuthResponse> {
  if (!(await verifyPassword(body.current_password, ctx.actor.passwordHash))) throw badRequest(CURRENT_PASSWORD_WRONG);
  if (body.new_password === body.current_password) throw badRequest('The new password must differ from the current one');
  const passwordHash = await hashPassword(body.new_password);
  const user = await usersRepository.changePasswordIfVersion(ctx.db, ctx.actor.id, ctx.actor.tokenVersion, passwordHash);
  if (!user) throw conflict('Your password was just changed in another session. Sign in again with the new password.');
  ctx.log.info({ userId: user.id }, 'password changed; other sessions ended');
  return issueSession(ctx, user);
}
