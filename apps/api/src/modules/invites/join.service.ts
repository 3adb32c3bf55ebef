import type { AcceptInviteResponse, InviteDetails, JoinRegisterBody, JoinRegisterResponse } from '@biddesk/shared';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { issueSession } from '../auth/auth.service';
import * as usersRepository from '../auth/users.repository';
import * as invitesRepository from './invites.repository';
import { inviteStatus, refusalReason } from './invites.presenter';
import { notifyOwnerAfterCommit } from '../workspaces/owner-notices';
import { INVITE_NOT_FOUND, joinFromInvite, refuseInvite } from './invites.service';

/** Tokens are 43 base64url characters; anything else cannot match and is not hashed or looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

async function findByToken(ctx: Ctx, token: string) {
  const found = TOKEN_SHAPE.test(token) ? await invitesRepository.findByTokenHash(ctx.db, hashToken(token)) : undefined;
  if (!found) throw notFound(INVITE_NOT_FOUND);
  return found;
}

/**
 * GET /join/{code} (public): what the invite page shows. The link itself is the credential, so
 * whoever holds it sees the workspace name, inviter, role and invited email (SPEC §3).
 */
export async function getInviteDetails(ctx: Ctx, token: string): Promise<InviteDetails> {
  const { invite, workspace } = await findByToken(ctx, token);
  const status = inviteStatus(invite);
  return {
    status: status === 'PENDING' ? 'VALID' : status,
    message: status === 'PENDING' ? invite.message : refusalReason(invite),
    workspace_id: workspace.id,
    workspace_name: workspace.name,
    inviter_name: invite.inviterName,
    role: invite.role,
    email: invite.email,
    expires_at: invite.expiresAt.toISOString(),
    require_nda: workspace.requireNda,
    has_account: await invitesRepository.accountExists(ctx.db, invite.email),
  };
}

/**
 * POST /join/{token}/accept: the signed-in invitee accepts by the link's token. The invite is bound
 * to the invited email (case-insensitive: both are stored lower case) and single use: one
 * conditional UPDATE decides, so concurrent accepts make one membership.
 */
export async function acceptInviteByToken(ctx: AuthedCtx, token: string): Promise<AcceptInviteResponse> {
  const { invite } = await findByToken(ctx, token);
  if (invite.email !== ctx.actor.email) {
    throw forbidden(`This invite was sent to ${invite.email}. Sign in with that email address to accept it.`);
  }
  const joined = await ctx.db.transaction(async (tx) => {
    const accepted = await invitesRepository.acceptIfPending(
      tx,
      { tokenHash: invite.tokenHash },
      ctx.actor.email,
      ctx.actor.id,
      new Date(),
    );
    if (!accepted) refuseInvite(await invitesRepository.findById(tx, invite.id));
    return joinFromInvite(tx, ctx, accepted, ctx.actor);
  });
  await notifyOwnerAfterCommit(ctx, joined.ownerNotice);
  return joined.response;
}

/**
 * POST /join/{token}/register (public): a person without an account creates one from the invite,
 * for the invited email only and without an admin invite code, and joins the workspace in the
 * same transaction. The invite is checked before the (deliberately slow) password hash.
 */
export async function registerWithInvite(ctx: Ctx, token: string, body: JoinRegisterBody): Promise<JoinRegisterResponse> {
  const { invite } = await findByToken(ctx, token);
  if (inviteStatus(invite) !== 'PENDING') refuseInvite(invite);
  if (await usersRepository.findByEmail(ctx.db, invite.email)) {
    throw conflict('An account with this email already exists. Sign in to accept the invite.');
  }
  const passwordHash = await hashPassword(body.password);
  const { user, joined } = await ctx.db.transaction(async (tx) => {
    if (await usersRepository.findByEmail(tx, invite.email)) {
      throw conflict('An account with this email already exists. Sign in to accept the invite.');
    }
    // A teaming partner's account: a guest, who sees only its workspaces (issue 26).
    const created = await usersRepository.insert(tx, { name: body.name, email: invite.email, passwordHash, role: 'user', isGuest: true });
    const accepted = await invitesRepository.acceptIfPending(tx, { tokenHash: invite.tokenHash }, invite.email, created.id, new Date());
    if (!accepted) refuseInvite(await invitesRepository.findById(tx, invite.id));
    return { user: created, joined: await joinFromInvite(tx, ctx, accepted, created) };
  });
  ctx.log.info({ userId: user.id }, 'user registered from a workspace invite');
  await notifyOwnerAfterCommit(ctx, joined.ownerNotice);
  const session = await issueSession(ctx, user);
  return { ...session, workspace_id: joined.response.workspace_id, nda_required: joined.response.nda_required };
}
