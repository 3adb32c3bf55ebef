import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requirementCorrections, users, type RequirementCorrectionRow } from '../../db/schema/index';

/** A correction with the name of whoever made it last (null once that account is gone). */
export interface CorrectionView {
  row: RequirementCorrectionRow;
  correctedByName: string | null;
}

/** Every correction of one solicitation version. */
export async function listForSolicitation(db: Db, solicitationId: string): Promise<CorrectionView[]> {
  const rows = await db
    .select({ row: requirementCorrections, correctedByName: users.name })
    .from(requirementCorrections)
    .leftJoin(users, eq(users.id, requirementCorrections.updatedBy))
    .where(eq(requirementCorrections.solicitationId, solicitationId))
    .orderBy(asc(requirementCorrections.requirementId));
  return rows;
}

export type CorrectionValues = Pick<
  RequirementCorrectionRow,
  'workspaceId' | 'solicitationId' | 'requirementId' | 'notARequirement' | 'section' | 'mustOrShould' | 'note' | 'updatedBy'
>;

/**
 * Sets a requirement's correction in one conditional statement: inserted, or the existing row of
 * (version, requirement) replaced. Two concurrent edits of one row leave one row, the later edit's.
 */
export async function upsert(db: Db, values: CorrectionValues): Promise<RequirementCorrectionRow> {
  const [row] = await db
    .insert(requirementCorrections)
    .values({ ...values, carriedFromVersion: null })
    .onConflictDoUpdate({
      target: [requirementCorrections.solicitationId, requirementCorrections.requirementId],
      set: {
        notARequirement: values.notARequirement,
        section: values.section,
        mustOrShould: values.mustOrShould,
        note: values.note,
        updatedBy: values.updatedBy,
        carriedFromVersion: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Removes a requirement's correction (undo); the removed row, or undefined when there was none. */
export async function remove(db: Db, solicitationId: string, requirementId: string): Promise<RequirementCorrectionRow | undefined> {
  const [row] = await db
    .delete(requirementCorrections)
    .where(and(eq(requirementCorrections.solicitationId, solicitationId), eq(requirementCorrections.requirementId, requirementId)))
    .returning();
  return row;
}

/** Stores corrections carried to a new version (their ids in the new version). */
export async function insertMany(db: Db, rows: (typeof requirementCorrections.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(requirementCorrections).values(rows);
}
