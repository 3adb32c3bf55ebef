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

/** Inserts a user (password TEST_PASSWORD unless given) and returns it with a session token. */
export async function createUser(
  db: Db,
  config: Config,
  overrides: Partial<{ name: string; email: string; role: 'user' | 'admin'; password: string }> = {},
): Promise<{ user: UserRow; token: string }> {
  const user = await usersRepository.insert(db, {
    name: overrides.name ?? 'Test User',
    email: overrides.email ?? `user-${randomUUID()}@example.com`,
    passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    role: overrides.role ?? 'user',
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
    .values({ opportunityId, name: overrides.name ?? 'Proposal workspace', ownerId, requireNda: overrides.requireNda ?? true, archivedAt: overrides.archivedAt ?? null })
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
