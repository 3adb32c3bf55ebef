import { RESET_TOKEN_TTL_MS, type AuthResponse, type LoginBody, type RegisterBody, type User } from '@biddesk/shared';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import { badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { hashToken, randomToken, signSessionToken } from '../../lib/tokens';
import type { UserRow } from '../../db/schema/index';
import * as inviteCodesRepository from '../admin/invite-codes.repository';
import { warmDefaultListing } from '../opportunities/listing.service';
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
 * Registers with an invite code (SPEC §7). The code is checked first, before the email and before
 * any password hashing: a wrong code costs no scrypt work (so anonymous guessing cannot load the
 * server) and answers the same for a known and an unknown email (so it reveals no account). With a
 * good code the code is marked used in the same transaction as the user insert, conditional on
 * still being unused, and the role is always 'user' whatever the body says.
 */
export async function register(ctx: Ctx, body: RegisterBody): Promise<AuthResponse> {
  const code = await inviteCodesRepository.findByCode(ctx.db, body.invite_code);
  if (!code) throw badRequest(INVALID_INVITE_CODE);
  if (code.usedAt) throw badRequest(USED_INVITE_CODE);
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    const taken = await usersRepository.findByEmail(tx, body.email);
    // Another registration may have taken the code since the check above.
    if (!(await inviteCodesRepository.markUsed(tx, body.invite_code, body.email, new Date()))) throw badRequest(USED_INVITE_CODE);
    // The code is spent either way: otherwise its holder could test address after address for an
    // account without ever using it (issue 21 item 24). Committed, then refused below.
    if (taken) return null;
    return usersRepository.insert(tx, { name: body.name, email: body.email, passwordHash, role: 'user' });
  });
  if (!user) throw badRequest(EMAIL_TAKEN);
  ctx.log.info({ userId: user.id }, 'user registered');
  return issueSession(ctx, user);
}

const INVALID_INVITE_CODE = 'Invalid invite code';
const USED_INVITE_CODE = 'This invite code has already been used';
const EMAIL_TAKEN =
  'Email already registered. This invite code is now used up: sign in with that account, or ask an administrator for a new code.';

/** Signs in with email and password. */
export async function login(ctx: Ctx, body: LoginBody): Promise<AuthResponse> {
  const user = await usersRepository.findByEmail(ctx.db, body.email);
  if (user) warmDefaultListing(ctx, user);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !ok) throw unauthorized('Incorrect email or password');
  if (needsRehash(user.passwordHash)) {
    await usersRepository.upgradePasswordHash(ctx.db, user.id, user.passwordHash, await hashPassword(body.password));
  }
  return issueSession(ctx, user);
}

/** The signed-in user, re-read from the database. */
export function refreshUser(ctx: AuthedCtx): User {
  return presentUser(ctx.actor);
}

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for that email, a reset link has been sent.';

/**
 * POST /auth/forgot-password: answers at once, the same for every address, and does the work
 * afterwards (`defer`): looking the account up, storing a token and sending the mail take time
 * only when the account exists, so doing them before answering let response times reveal which
 * addresses have accounts. The token is random, stored hashed, valid one hour.
 */
export function forgotPassword(ctx: Ctx, email: string, defer: (work: () => Promise<void>) => void): { message: string } {
  defer(() => sendResetLink(ctx, email));
  return { message: FORGOT_PASSWORD_MESSAGE };
}

/** Mails a reset link when `email` has an account; failures are logged only (nobody waits for them). */
async function sendResetLink(ctx: Ctx, email: string): Promise<void> {
  const user = await usersRepository.findByEmail(ctx.db, email);
  if (!user) return;
  const token = randomToken();
  await resetTokensRepository.insert(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${ctx.config.PUBLIC_URL}/reset-password/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your BidDesk password',
    text: `Hello ${user.name},\n\nSomeone asked to reset the password of your BidDesk account.\nOpen this link within 1 hour to choose a new password:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone asked to reset the password of your BidDesk account. Open this link within 1 hour to choose a new password:</p><p><a href="${link}">${link}</a></p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
    link,
  });
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
