import { RESET_TOKEN_TTL_MS, type AuthResponse, type LoginBody, type RegisterBody, type User } from '@biddesk/shared';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import { badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { hashToken, randomToken, signSessionToken } from '../../lib/tokens';
import type { UserRow } from '../../db/schema/index';
import * as inviteCodesRepository from '../admin/invite-codes.repository';
import * as resetTokensRepository from './reset-tokens.repository';
import * as usersRepository from './users.repository';
import { presentUser } from './users.presenter';

/** Compared against when the email is unknown, so a miss costs as long as a hit. */
const DUMMY_HASH_PROMISE = hashPassword('timing-equaliser');

/** Issues a session for a user row. */
export async function issueSession(ctx: Ctx, user: UserRow): Promise<AuthResponse> {
  const token = await signSessionToken(ctx.config.JWT_SECRET, { sub: user.id, ver: user.tokenVersion }, ctx.config.JWT_TTL_HOURS);
  return { token, user: presentUser(user) };
}

/**
 * Registers with an invite code (SPEC §7). The code is marked used in the same transaction as
 * the user insert, and the role is always 'user' whatever the body says.
 */
export async function register(ctx: Ctx, body: RegisterBody): Promise<AuthResponse> {
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    if (await usersRepository.findByEmail(tx, body.email)) throw badRequest('Email already registered');
    const marked = await inviteCodesRepository.markUsed(tx, body.invite_code, body.email, new Date());
    if (!marked) {
      const existing = await inviteCodesRepository.findByCode(tx, body.invite_code);
      throw badRequest(existing ? 'This invite code has already been used' : 'Invalid invite code');
    }
    return usersRepository.insert(tx, { name: body.name, email: body.email, passwordHash, role: 'user' });
  });
  ctx.log.info({ userId: user.id }, 'user registered');
  return issueSession(ctx, user);
}

/** Signs in with email and password. */
export async function login(ctx: Ctx, body: LoginBody): Promise<AuthResponse> {
  const user = await usersRepository.findByEmail(ctx.db, body.email);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok) throw unauthorized('Incorrect email or password');
  return issueSession(ctx, user);
}

/** The signed-in user, re-read from the database. */
export function refreshUser(ctx: AuthedCtx): User {
  return presentUser(ctx.actor);
}

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

/**
 * Sends a reset link when the account exists; answers the same either way so the endpoint
 * cannot be used to discover accounts. The token is random, stored hashed, valid one hour.
 */
export async function forgotPassword(ctx: Ctx, email: string): Promise<{ message: string }> {
  const user = await usersRepository.findByEmail(ctx.db, email);
  if (user) {
    const token = randomToken();
    await resetTokensRepository.insert(ctx.db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${ctx.config.PUBLIC_URL}/reset-password/${token}`;
    try {
      await ctx.mailer.send({
        to: user.email,
        subject: 'Reset your BidDesk password',
        text: `Hello ${user.name},\n\nSomeone asked to reset the password of your BidDesk account.\nOpen this link within 1 hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your BidDesk account. Open this link within 1 hour to choose a new password:</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
        link,
      });
    } catch (err) {
      // The answer must not reveal whether the account exists, so a mail failure is only logged.
      ctx.log.error({ err }, 'could not send password reset mail');
    }
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/** Sets a new password with a reset token; the token is single use and older sessions end. */
export async function resetPassword(ctx: Ctx, token: string, newPassword: string): Promise<{ message: string }> {
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const userId = await resetTokensRepository.consume(tx, hashToken(token), now);
    if (!userId) throw badRequest('Invalid or expired reset token');
    await usersRepository.updatePassword(tx, userId, passwordHash);
    await resetTokensRepository.invalidateForUser(tx, userId, now);
  });
  return { message: 'Password has been reset' };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
