import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { userChanged } from '../../lib/session-cache';

/** Finds a user by id. */
export async function findById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Finds a user by (already lower-cased) email. */
export async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** Inserts a user and returns the row. */
export async function insert(
  db: Db,
  values: { name: string; email: string; passwordHash: string; role: 'user' | 'admin'; isGuest?: boolean },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row;
}

/** Sets a user's name and returns the row (undefined if the user is gone). */
export async function updateName(db: Db, id: string, name: string): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  userChanged(id);
  return row;
}

/** Replaces the password hash and bumps the token version so older tokens fail. */
export async function updatePassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
  userChanged(id);
}

/**
 * Swaps a hash for a stronger one of the same password (needsRehash), only if it is still the hash
 * that was verified: a password changed meanwhile is never overwritten. Sessions stay valid.
 */
export async function upgradePasswordHash(db: Db, id: string, verifiedHash: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, id), eq(users.passwordHash, verifiedHash)));
  userChanged(id);
}

/** Number of admins. */
export async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return Number(row.n);
}

/** Number of users. */
export async function countAll(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n);
}

/** True when a user with this id and role exists. */
export async function hasRole(db: Db, id: string, role: 'user' | 'admin'): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)));
  return Boolean(row);
}

/** Makes a user an admin with a new password (first-admin bootstrap and CLI). */
export async function promoteToAdmin(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ role: 'admin', passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id));
  userChanged(id);
}

/**
 * Sets a new password and ends every session (token_version + 1), only if the token version is
 * still `tokenVersion`: of two changes racing, one wins. Undefined when it lost.
 */
export async function changePasswordIfVersion(
  db: Db,
  id: string,
  tokenVersion: number,
  passwordHash: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.tokenVersion, tokenVersion)))
    .returning();
  // The auth hook's cached row of this user is stale now, here and in other processes.
  userChanged(id);
  return user;
}

/** An arbitrary constant shared by every process of one deployment. */
const FIRST_ADMIN_LOCK = 7_240_001;

/** Holds the transaction-scoped lock that lets one starting process at a time create the first admin. */
export async function lockFirstAdmin(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
}
