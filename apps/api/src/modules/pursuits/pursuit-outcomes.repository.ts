import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pursuitOutcomes, users, type PursuitOutcomeRow } from '../../db/schema/index';

export type OutcomeValues = Omit<typeof pursuitOutcomes.$inferInsert, 'recordedAt' | 'updatedAt'>;

/** Writes the pursuit's outcome (one row per pursuit): a new closing replaces the last one's fields. */
export async function upsertOutcome(db: Db, values: OutcomeValues): Promise<void> {
  const { pursuitId: _id, ...rest } = values;
  await db
    .insert(pursuitOutcomes)
    .values(values)
    .onConflictDoUpdate({ target: pursuitOutcomes.pursuitId, set: { ...rest, recordedAt: sql`now()`, updatedAt: sql`now()` } });
}

/** Edits the details of the outcome the pursuit has (not who recorded it, nor p(win) at close). */
export async function updateOutcome(db: Db, values: OutcomeValues): Promise<void> {
  const { pursuitId, recordedBy: _by, pWinAtClose: _p, ...rest } = values;
  await db
    .update(pursuitOutcomes)
    .set({ ...rest, updatedAt: sql`now()` })
    .where(eq(pursuitOutcomes.pursuitId, pursuitId));
}

export async function findOutcome(db: Db, pursuitId: string): Promise<(PursuitOutcomeRow & { recorderName: string | null }) | undefined> {
  const [row] = await db
    .select({ outcome: pursuitOutcomes, recorderName: users.name })
    .from(pursuitOutcomes)
    .leftJoin(users, eq(users.id, pursuitOutcomes.recordedBy))
    .where(eq(pursuitOutcomes.pursuitId, pursuitId));
  return row ? { ...row.outcome, recorderName: row.recorderName } : undefined;
}
