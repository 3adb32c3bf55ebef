import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pursuitParties, pursuits, recipients, type PursuitPartyRow } from '../../db/schema/index';
import { rowsOf } from '../../db/rows-of';
import { PURSUIT_NAMES_MAX, type PursuitPartyKind } from '@biddesk/shared';

export async function listLinks(db: Db, pursuitId: string): Promise<PursuitPartyRow[]> {
  return db.select().from(pursuitParties).where(eq(pursuitParties.pursuitId, pursuitId));
}

export async function existingUeis(db: Db, ueis: string[]): Promise<Set<string>> {
  if (ueis.length === 0) return new Set();
  const rows = await db.select({ uei: recipients.uei }).from(recipients).where(inArray(recipients.uei, ueis));
  return new Set(rows.map((r) => r.uei));
}

/**
 * Recipients seen under each of the (normalised) names, compared as normalizeRecipientName
 * compares them. A scan of the recipients' names: one per pursuit read, bounded by its 40 names.
 */
export async function ueisByNormalizedName(db: Db, names: string[]): Promise<Map<string, string[]>> {
  if (names.length === 0) return new Map();
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const rows = rowsOf<{ name: string; ueis: string[] }>(
    await db.execute(sql`
      select k as name, array_agg(distinct r.uei order by r.uei) as ueis
      from recipients r, unnest(r.names_seen) as n,
        lateral (select btrim(regexp_replace(regexp_replace(upper(n), '[.,]', '', 'g'), '\\s+', ' ', 'g')) as k) norm
      where k in (${list})
      group by k`),
  );
  return new Map(rows.map((r) => [r.name, r.ueis]));
}

export async function findRecipientName(db: Db, uei: string): Promise<string | undefined> {
  const [row] = await db.select({ name: recipients.name }).from(recipients).where(eq(recipients.uei, uei)).limit(1);
  return row?.name;
}

/**
 * Puts the recipient's name on the pursuit's list (unless there already) and links it, in one
 * transaction; the append is one conditional UPDATE, so two people adding at once cannot push the
 * list past its limit or add the name twice. 'full' when the list has no room.
 */
export async function addChosen(
  db: Db,
  pursuitId: string,
  kind: PursuitPartyKind,
  name: string,
  uei: string,
  userId: string,
): Promise<'added' | 'full' | 'gone'> {
  return db.transaction(async (tx) => {
    const column = kind === 'competitor' ? pursuits.competitors : pursuits.teamingPartners;
    const key = kind === 'competitor' ? 'competitors' : 'teamingPartners';
    const [row] = await tx
      .update(pursuits)
      .set({
        [key]: sql`case when ${name} = any(${column}) then ${column} else array_append(${column}, ${name}::text) end`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(pursuits.id, pursuitId), sql`(${name} = any(${column}) or cardinality(${column}) < ${PURSUIT_NAMES_MAX})`))
      .returning({ id: pursuits.id });
    if (!row) {
      const [exists] = await tx.select({ id: pursuits.id }).from(pursuits).where(eq(pursuits.id, pursuitId));
      return exists ? 'full' : 'gone';
    }
    await tx
      .insert(pursuitParties)
      .values({ pursuitId, kind, name, recipientUei: uei, addedBy: userId })
      .onConflictDoUpdate({
        target: [pursuitParties.pursuitId, pursuitParties.kind, pursuitParties.name],
        set: { recipientUei: uei, addedBy: userId, createdAt: sql`now()` },
      });
    return 'added';
  });
}
