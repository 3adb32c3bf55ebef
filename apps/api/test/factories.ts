import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client';
import type { Config } from '../src/config';
import { eq } from 'drizzle-orm';
import { opportunities, type NewOpportunityRow, type UserRow } from '../src/db/schema/index';
import { upsertOpportunities } from '../src/modules/opportunities/opportunities-write.repository';
import { hashPassword } from '../src/lib/password';
import { signSessionToken } from '../src/lib/tokens';
import * as usersRepository from '../src/modules/auth/users.repository';
import * as inviteCodesRepository from '../src/modules/admin/invite-codes.repository';

export const TEST_PASSWORD = 'correct-horse';

/** One hash per password for the whole file: scrypt costs ~0.3 s, and tests create many users. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

/** Inserts a user (password TEST_PASSWORD unless given) and returns it with a session token. */
export async function createUser(
  db: Db,
  config: Config,
  overrides: Partial<{ name: string; email: string; role: 'user' | 'admin'; password: string; isGuest: boolean }> = {},
): Promise<{ user: UserRow; token: string }> {
  const user = await usersRepository.insert(db, {
    name: overrides.name ?? 'Test User',
    email: overrides.email ?? `user-${randomUUID()}@example.com`,
    passwordHash: await hashOnce(overrides.password ?? TEST_PASSWORD),
    role: overrides.role ?? 'user',
    isGuest: overrides.isGuest ?? false,
  });
  const token = await signSessionToken(config.JWT_SECRET, { sub: user.id, ver: user.tokenVersion }, 1);
  return { user, token };
}

/** Inserts an unused invite code. */
export async function createInviteCode(db: Db, code = `CODE-${randomUUID().slice(0, 8).toUpperCase()}`): Promise<string> {
  await inviteCodesRepository.insert(db, { code, createdBy: null });
  return code;
}

/** Inserts an opportunity with sensible SAM-like defaults and returns its id. */
export async function createOpportunity(db: Db, overrides: Partial<NewOpportunityRow> = {}): Promise<string> {
  const noticeId = overrides.noticeId ?? randomUUID().replace(/-/g, '');
  await upsertOpportunities(db, [
    {
      noticeId,
      title: 'Janitorial services',
      solicitationNumber: `SOL-${noticeId.slice(0, 6).toUpperCase()}`,
      department: 'DEPT OF DEFENSE',
      naicsCode: '561720',
      pscCode: 'S201',
      postedDate: new Date(),
      responseDeadline: new Date(Date.now() + 30 * 86_400_000),
      active: true,
      source: 'csv',
      ...overrides,
    },
  ]);
  const [row] = await db.select({ id: opportunities.id }).from(opportunities).where(eq(opportunities.noticeId, noticeId));
  return row!.id;
}

// --- Small row factories for the admin and notification tests. ---
import { generatedDocuments, notifications, savedOpportunities, type GeneratedDocumentRow } from '../src/db/schema/index';
import { hashToken, randomToken } from '../src/lib/tokens';
import * as resetTokensRepository from '../src/modules/auth/reset-tokens.repository';

/** Inserts a notification for a user and returns its id. */
export async function createNotification(
  db: Db,
  userId: string,
  overrides: Partial<{ title: string; message: string; type: string; link: string | null; read: boolean; createdAt: Date }> = {},
): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, title: 'Heads up', message: 'Something happened', ...overrides })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Inserts a generated document for a user and returns its id. */
export async function createGeneratedDocument(
  db: Db,
  userId: string,
  overrides: Partial<Omit<GeneratedDocumentRow, 'id' | 'userId'>> = {},
): Promise<string> {
  const [row] = await db
    .insert(generatedDocuments)
    .values({ userId, documentType: 'brief', content: '# Brief', metadata: { title: 'Janitorial services', agency: null }, ...overrides })
    .returning({ id: generatedDocuments.id });
  return row!.id;
}

/** Marks an opportunity saved by a user. */
export async function saveOpportunityFor(db: Db, userId: string, opportunityId: string): Promise<void> {
  await db.insert(savedOpportunities).values({ userId, opportunityId });
}

/** Issues a password reset token for a user (as forgot-password would) and returns the raw token. */
export async function createResetToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await resetTokensRepository.insert(db, { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

// --- Workspaces ---
import { workspaceMembers, workspaces, ndaVersions } from '../src/db/schema/index';
import { desc } from 'drizzle-orm';

export type WorkspaceRoleName = 'OWNER' | 'CONTRIBUTOR' | 'REVIEWER' | 'VIEWER';

/** Inserts a workspace on a new opportunity (or the given one) with `ownerId` as OWNER. */
export async function createWorkspace(
  db: Db,
  ownerId: string,
  overrides: Partial<{ opportunityId: string; name: string; requireNda: boolean; archivedAt: Date | null }> = {},
): Promise<{ id: string; opportunityId: string }> {
  const opportunityId = overrides.opportunityId ?? (await createOpportunity(db));
  const [row] = await db
    .insert(workspaces)
    .values({
      opportunityId,
      name: overrides.name ?? 'Proposal workspace',
      ownerId,
      createdBy: ownerId,
      requireNda: overrides.requireNda ?? true,
      archivedAt: overrides.archivedAt ?? null,
    })
    .returning({ id: workspaces.id });
  await db.insert(workspaceMembers).values({ workspaceId: row!.id, userId: ownerId, role: 'OWNER' });
  return { id: row!.id, opportunityId };
}

/** Adds a member; `ndaAccepted` (default true) records acceptance of the current NDA. */
export async function addMember(
  db: Db,
  workspaceId: string,
  userId: string,
  role: Exclude<WorkspaceRoleName, 'OWNER'>,
  opts: { ndaAccepted?: boolean; createdAt?: Date } = {},
): Promise<void> {
  const [nda] = await db.select().from(ndaVersions).orderBy(desc(ndaVersions.version)).limit(1);
  const accepted = opts.ndaAccepted ?? true;
  await db.insert(workspaceMembers).values({
    workspaceId,
    userId,
    role,
    ndaVersionId: accepted ? nda!.id : null,
    ndaAcceptedAt: accepted ? new Date() : null,
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
}

// --- Workspace invites, mail and snapshots (workspaces, invites and NDA API tests). ---
import { activity, workspaceInvites } from '../src/db/schema/index';
import { asc } from 'drizzle-orm';
import type { MailMessage } from '../src/integrations/mail/mailer';

/** Inserts a PENDING invite the way POST /workspaces/{id}/invite stores it and returns its id and raw token. */
export async function createInvite(
  db: Db,
  workspaceId: string,
  email: string,
  overrides: Partial<{
    role: Exclude<WorkspaceRoleName, 'OWNER'>;
    invitedBy: string | null;
    inviterName: string;
    expiresAt: Date;
    message: string | null;
  }> = {},
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const [row] = await db
    .insert(workspaceInvites)
    .values({
      workspaceId,
      email: email.toLowerCase(),
      role: overrides.role ?? 'CONTRIBUTOR',
      message: overrides.message ?? null,
      tokenHash: hashToken(token),
      invitedBy: overrides.invitedBy ?? null,
      inviterName: overrides.inviterName ?? 'Owner',
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: workspaceInvites.id });
  return { id: row!.id, token };
}

/** The raw invite token of the latest mail sent to `email` (tokens only travel in the mail). */
export function inviteTokenFromMail(mails: MailMessage[], email: string): string {
  const mail = [...mails].reverse().find((m) => m.to.toLowerCase() === email.toLowerCase());
  const match = mail?.text.match(/http:\/\/biddesk\.test\/join\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no invite mail with a join link was sent to ${email}`);
  return match[1]!;
}

/** Everything a workspace call could change, to prove a refused call changed nothing. */
export async function workspaceSnapshot(db: Db, workspaceId: string) {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  const members = await db
    .select({ userId: workspaceMembers.userId, role: workspaceMembers.role, ndaVersionId: workspaceMembers.ndaVersionId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.userId));
  const invites = await db
    .select({ id: workspaceInvites.id, email: workspaceInvites.email, status: workspaceInvites.status })
    .from(workspaceInvites)
    .where(eq(workspaceInvites.workspaceId, workspaceId))
    .orderBy(asc(workspaceInvites.id));
  const log = await db.select({ id: activity.id }).from(activity).where(eq(activity.workspaceId, workspaceId));
  return { workspace, members, invites, activityCount: log.length };
}
