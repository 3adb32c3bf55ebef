import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  opportunities,
  pursuitGateReviews,
  pursuits,
  users,
  workspaces,
  type OpportunityRow,
  type PursuitNoticeSnapshot,
  type PursuitRow,
} from '../../db/schema/index';

/** A pursuit with what the board shows beside it: its notice as now stored, owner and workspace. */
export interface PursuitView extends PursuitRow {
  title: string;
  solicitationNumber: string | null;
  agency: string | null;
  naicsCode: string | null;
  responseDeadline: Date | null;
  ownerName: string | null;
  workspaceId: string | null;
}

export interface PursuitFilters {
  stageId?: string;
  ownerId?: string | 'none';
  agency?: string;
  naics?: string;
  /** Response deadline from now to this instant. */
  dueBefore?: Date;
}

// The notice as stored now, or as the pursuit kept it when the opportunity data was cleared.
export const title = sql<string>`coalesce(${opportunities.title}, ${pursuits.notice}->>'title')`;
export const agency = sql<string | null>`coalesce(${opportunities.department}, ${pursuits.notice}->>'agency')`;
export const naics = sql<string | null>`coalesce(${opportunities.naicsCode}, ${pursuits.notice}->>'naicsCode')`;
export const deadline =
  sql<Date | null>`coalesce(${opportunities.responseDeadline}, (${pursuits.notice}->>'responseDeadline')::timestamptz)`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  );

function selectViews(db: Db) {
  return db
    .select({
      pursuit: pursuits,
      title,
      solicitationNumber: sql<string | null>`coalesce(${opportunities.solicitationNumber}, ${pursuits.notice}->>'solicitationNumber')`,
      agency,
      naicsCode: naics,
      responseDeadline: deadline,
      ownerName: users.name,
      workspaceId: workspaces.id,
    })
    .from(pursuits)
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .leftJoin(users, eq(users.id, pursuits.ownerId))
    .leftJoin(workspaces, eq(workspaces.opportunityId, pursuits.opportunityId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];
const toView = ({ pursuit, ...rest }: ViewRow): PursuitView => ({ ...pursuit, ...rest });

/** What the list shows of a pursuit (PursuitListItem): no notes, names or evidence. */
export interface PursuitListRow {
  id: string;
  opportunityId: string | null;
  title: string;
  solicitationNumber: string | null;
  agency: string | null;
  naicsCode: string | null;
  responseDeadline: Date | null;
  stageId: string;
  ownerId: string | null;
  ownerName: string | null;
  estimatedValue: number | null;
  valueSource: PursuitRow['valueSource'];
  pWin: number | null;
  pGo: number | null;
  expectedAwardDate: string | null;
  nextAction: string | null;
  nextActionDue: string | null;
  workspaceId: string | null;
  stageChangedAt: Date;
}

/**
 * Every pursuit passing the filters, in board order within a stage (recently moved first), with
 * only the list's columns: the long ones (notes, names, the notice snapshot beyond the coalesced
 * fields) are not read for 2,000 rows the board does not show them for.
 */
export async function list(db: Db, f: PursuitFilters): Promise<PursuitListRow[]> {
  return db
    .select(listColumns)
    .from(pursuits)
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .leftJoin(users, eq(users.id, pursuits.ownerId))
    .leftJoin(workspaces, eq(workspaces.opportunityId, pursuits.opportunityId))
    .where(filterConditions(f))
    .orderBy(sql`${pursuits.stageChangedAt} desc`, asc(pursuits.id));
}

/** The list's WHERE for a set of filters (also the table page's and the CSV export's). */
export function filterConditions(f: PursuitFilters): SQL | undefined {
  return and(
    f.stageId ? eq(pursuits.stageId, f.stageId) : undefined,
    f.ownerId === 'none' ? isNull(pursuits.ownerId) : f.ownerId ? eq(pursuits.ownerId, f.ownerId) : undefined,
    f.agency ? sql`${agency} = ${f.agency}` : undefined,
    f.naics ? sql`${naics} like ${`${f.naics}%`}` : undefined,
    f.dueBefore ? sql`${deadline} between now() and ${f.dueBefore.toISOString()}::timestamptz` : undefined,
  );
}

/** The columns of a PursuitListRow (the select the list and the table page share). */
export const listColumns = {
  id: pursuits.id,
  opportunityId: pursuits.opportunityId,
  title,
  solicitationNumber: sql<string | null>`coalesce(${opportunities.solicitationNumber}, ${pursuits.notice}->>'solicitationNumber')`,
  agency,
  naicsCode: naics,
  responseDeadline: deadline,
  stageId: pursuits.stageId,
  ownerId: pursuits.ownerId,
  ownerName: users.name,
  estimatedValue: pursuits.estimatedValue,
  valueSource: pursuits.valueSource,
  pWin: pursuits.pWin,
  pGo: pursuits.pGo,
  expectedAwardDate: pursuits.expectedAwardDate,
  nextAction: pursuits.nextAction,
  nextActionDue: pursuits.nextActionDue,
  workspaceId: workspaces.id,
  stageChangedAt: pursuits.stageChangedAt,
};

export async function findView(db: Db, id: string): Promise<PursuitView | undefined> {
  const [row] = await selectViews(db).where(eq(pursuits.id, id));
  return row ? toView(row) : undefined;
}

export async function findByNotice(db: Db, noticeId: string): Promise<PursuitView | undefined> {
  const [row] = await selectViews(db).where(eq(pursuits.noticeId, noticeId));
  return row ? toView(row) : undefined;
}

export async function findOpportunity(db: Db, id: string): Promise<OpportunityRow | undefined> {
  const [row] = await db.select().from(opportunities).where(eq(opportunities.id, id));
  return row;
}

/**
 * Tracks a notice: one INSERT ... ON CONFLICT (notice_id) DO NOTHING, so however many people press
 * Track at once, one pursuit is made; the others get undefined.
 */
export async function insertIfUntracked(
  db: Db,
  values: {
    opportunityId: string;
    noticeId: string;
    notice: PursuitNoticeSnapshot;
    stageId: string;
    ownerId: string;
    estimatedValue: number | null;
  },
): Promise<PursuitRow | undefined | 'gone'> {
  try {
    const [row] = await db
      .insert(pursuits)
      .values({ ...values, createdBy: values.ownerId, valueSource: values.estimatedValue === null ? null : 'notice' })
      .onConflictDoNothing({ target: pursuits.noticeId })
      .returning();
    return row;
  } catch (err) {
    // The stage or the opportunity was deleted after the caller read it.
    if (isForeignKeyViolation(err)) return 'gone';
    throw err;
  }
}

export type PursuitPatch = Partial<
  Pick<
    PursuitRow,
    | 'ownerId'
    | 'estimatedValue'
    | 'valueSource'
    | 'pWin'
    | 'pGo'
    | 'expectedAwardDate'
    | 'nextAction'
    | 'nextActionDue'
    | 'competitors'
    | 'teamingPartners'
    | 'notes'
    | 'incumbent'
    | 'pageBudget'
  >
>;

export async function update(db: Db, id: string, patch: PursuitPatch): Promise<boolean> {
  const rows = await db
    .update(pursuits)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(pursuits.id, id))
    .returning({ id: pursuits.id });
  return rows.length === 1;
}

/** The pursuit's latest review of this gate decided Go (evaluated inside the move's UPDATE). */
const goRecordedAt = (gateStageId: string) =>
  sql`(select r.decision from ${pursuitGateReviews} r where r.pursuit_id = ${pursuits.id} and r.gate_stage_id = ${gateStageId} order by r.seq desc limit 1) = 'go'`;

/**
 * Moves a pursuit only if it is still in the stage the caller saw and, for each gate the move
 * passes, the latest review of that gate decided Go: one conditional UPDATE, so of concurrent moves
 * exactly one wins, and a No go recorded a moment before the move is seen by it.
 */
export async function moveIfAt(
  db: Db,
  id: string,
  fromStageId: string,
  toStageId: string,
  gateStageIds: string[] = [],
): Promise<boolean | 'gone'> {
  try {
    const rows = await db
      .update(pursuits)
      .set({ stageId: toStageId, stageChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(eq(pursuits.id, id), eq(pursuits.stageId, fromStageId), ne(pursuits.stageId, toStageId), ...gateStageIds.map(goRecordedAt)),
      )
      .returning({ id: pursuits.id });
    return rows.length === 1;
  } catch (err) {
    // An admin removed the target stage after the caller read the list.
    if (isForeignKeyViolation(err)) return 'gone';
    throw err;
  }
}

/** A foreign-key violation (23503), however deep the driver wrapped it. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}

export async function remove(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(pursuits).where(eq(pursuits.id, id)).returning({ id: pursuits.id });
  return rows.length === 1;
}

/** Which of these opportunities have a pursuit, and in which stage. */
export async function lookupByOpportunities(
  db: Db,
  opportunityIds: string[],
): Promise<{ opportunityId: string; pursuitId: string; stageId: string }[]> {
  const rows = await db
    .select({ opportunityId: pursuits.opportunityId, pursuitId: pursuits.id, stageId: pursuits.stageId })
    .from(pursuits)
    .where(inArray(pursuits.opportunityId, opportunityIds));
  return rows.map((r) => ({ ...r, opportunityId: r.opportunityId! }));
}

/** Internal accounts (never guests), by name: who can own a pursuit. */
export async function listInternalUsers(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isGuest, false)).orderBy(asc(users.name), asc(users.id));
}

/**
 * Bell reminders for next actions due on or before `today` (a UTC calendar date), one per pursuit,
 * owner and due date: the notification's dedupe key makes a repeat run, or a second process, add
 * nothing; a new due date reminds again. Guests never own pursuits, and are skipped all the same.
 */
export async function insertNextActionReminders(db: Db, today: string): Promise<number> {
  const rows = await db.execute(sql`
    insert into notifications (user_id, title, message, type, link, dedupe_key)
    select p.owner_id,
           'Next action due',
           p.next_action || ' — ' || coalesce(o.title, p.notice->>'title'),
           'pipeline',
           '/pipeline',
           'pursuit-next:' || p.id || ':' || p.owner_id || ':' || p.next_action_due
    from pursuits p
    join users u on u.id = p.owner_id and not u.is_guest
    left join opportunities o on o.id = p.opportunity_id
    where p.next_action is not null and p.next_action_due <= ${today}::date
    on conflict (dedupe_key) do nothing
    returning id`);
  // PGlite and node-postgres answer execute() differently: an array, or an object with rows.
  return (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows).length;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, isGuest: users.isGuest }).from(users).where(eq(users.id, id));
  return row;
}

/** The decision of the latest review of each gate the pursuit was reviewed at. */
export async function latestGateDecisions(db: Db, pursuitId: string): Promise<Map<string, 'go' | 'no_go'>> {
  const rows = await db
    .selectDistinctOn([pursuitGateReviews.gateStageId], {
      gateStageId: pursuitGateReviews.gateStageId,
      decision: pursuitGateReviews.decision,
    })
    .from(pursuitGateReviews)
    .where(eq(pursuitGateReviews.pursuitId, pursuitId))
    .orderBy(pursuitGateReviews.gateStageId, desc(pursuitGateReviews.seq));
  return new Map(rows.flatMap((r) => (r.gateStageId ? [[r.gateStageId, r.decision] as const] : [])));
}
