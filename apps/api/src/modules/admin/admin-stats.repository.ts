import { asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activity, generatedDocuments, opportunities, users, type ActivityRow } from '../../db/schema/index';

/** User totals in one pass: all, admins, and sign-ups since `since`. */
export async function userCounts(db: Db, since: Date): Promise<{ total: number; admins: number; recent: number }> {
  const [row] = await db
    .select({
      total: count(),
      admins: sql<number>`count(*) filter (where ${users.role} = 'admin')`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.toISOString()})`.mapWith(Number),
    })
    .from(users);
  return { total: Number(row.total), admins: row.admins, recent: row.recent };
}

/** Opportunity total and the number of distinct agencies (departments). */
export async function opportunityCounts(db: Db): Promise<{ total: number; agencies: number }> {
  const [row] = await db
    .select({
      total: count(),
      agencies: sql<number>`count(distinct ${opportunities.department})`.mapWith(Number),
    })
    .from(opportunities);
  return { total: Number(row.total), agencies: row.agencies };
}

/** Generated documents per type. */
export async function documentsByType(db: Db): Promise<{ type: string; n: number }[]> {
  const rows = await db
    .select({ type: generatedDocuments.documentType, n: count() })
    .from(generatedDocuments)
    .groupBy(generatedDocuments.documentType)
    .orderBy(asc(generatedDocuments.documentType));
  return rows.map((r) => ({ type: r.type, n: Number(r.n) }));
}

/** The users with the most generated documents (ties by name), only those with at least one. */
export async function mostActiveUsers(db: Db, limit: number): Promise<{ name: string; email: string; n: number }[]> {
  const n = count(generatedDocuments.id);
  const rows = await db
    .select({ name: users.name, email: users.email, n })
    .from(users)
    .innerJoin(generatedDocuments, eq(generatedDocuments.userId, users.id))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(n), asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map((r) => ({ name: r.name, email: r.email, n: Number(r.n) }));
}

/** Sign-ups per UTC day (YYYY-MM-DD) since `since`; days without any are absent. */
export async function registrationsByDay(db: Db, since: Date): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db.select({ day, n: count() }).from(users).where(gte(users.createdAt, since)).groupBy(day);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}

/** The most recent activity records, newest first. */
export async function recentActivity(db: Db, limit: number): Promise<ActivityRow[]> {
  return db.select().from(activity).orderBy(desc(activity.createdAt), desc(activity.id)).limit(limit);
}
