import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pursuits, users, type PursuitNoticeSnapshot, type PursuitRow } from '../../db/schema/index';
import { isForeignKeyViolation } from '../pursuits/pursuits.repository';

/**
 * Tracks the recompete of an award: one INSERT ... ON CONFLICT (award_key) DO NOTHING, so however
 * many people press Track on the same radar row at once, one pursuit is made; the others get
 * undefined. The pursuit has no notice or opportunity yet.
 */
export async function insertRecompeteIfUntracked(
  db: Db,
  values: { awardKey: string; notice: PursuitNoticeSnapshot; stageId: string; ownerId: string; incumbent: string | null },
): Promise<PursuitRow | undefined | 'gone'> {
  try {
    const [row] = await db
      .insert(pursuits)
      .values({ ...values, noticeId: null, opportunityId: null, createdBy: values.ownerId })
      .onConflictDoNothing({ target: pursuits.awardKey })
      .returning();
    return row;
  } catch (err) {
    // The stage was deleted after the caller read it.
    if (isForeignKeyViolation(err)) return 'gone';
    throw err;
  }
}

/** Who tracks an award's recompete already (for the 409's message). */
export async function findRecompeteOwner(db: Db, awardKey: string): Promise<{ pursuitId: string; ownerName: string | null } | undefined> {
  const [row] = await db
    .select({ pursuitId: pursuits.id, ownerName: users.name })
    .from(pursuits)
    .leftJoin(users, eq(users.id, pursuits.ownerId))
    .where(eq(pursuits.awardKey, awardKey));
  return row;
}
