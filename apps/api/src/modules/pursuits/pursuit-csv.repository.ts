import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { opportunities, pipelineStages, pursuitOutcomes, pursuits, users, workspaces } from '../../db/schema/index';
import { agency, filterConditions, title, type PursuitFilters } from './pursuits.repository';

/** Everything a pursuit's CSV row holds: its capture fields, owner's email, workspace and outcome. */
function selectCsvRows(db: Db) {
  return db
    .select({
      id: pursuits.id,
      noticeId: pursuits.noticeId,
      awardKey: pursuits.awardKey,
      solicitationNumber: sql<string | null>`coalesce(${opportunities.solicitationNumber}, ${pursuits.notice}->>'solicitationNumber')`,
      title,
      agency,
      stageId: pursuits.stageId,
      stageOutcome: pipelineStages.outcome,
      ownerId: pursuits.ownerId,
      ownerEmail: users.email,
      estimatedValue: pursuits.estimatedValue,
      pWin: pursuits.pWin,
      pGo: pursuits.pGo,
      expectedAwardDate: pursuits.expectedAwardDate,
      nextAction: pursuits.nextAction,
      nextActionDue: pursuits.nextActionDue,
      competitors: pursuits.competitors,
      teamingPartners: pursuits.teamingPartners,
      notes: pursuits.notes,
      incumbent: pursuits.incumbent,
      pageBudget: pursuits.pageBudget,
      workspaceId: workspaces.id,
      outcome: pursuitOutcomes.outcome,
      awardValue: pursuitOutcomes.awardValue,
      winner: pursuitOutcomes.winner,
      reasons: pursuitOutcomes.reasons,
      reasonText: pursuitOutcomes.reasonText,
      debriefDate: pursuitOutcomes.debriefDate,
      lessonsLearned: pursuitOutcomes.lessonsLearned,
    })
    .from(pursuits)
    .innerJoin(pipelineStages, eq(pipelineStages.id, pursuits.stageId))
    .leftJoin(opportunities, eq(opportunities.id, pursuits.opportunityId))
    .leftJoin(users, eq(users.id, pursuits.ownerId))
    .leftJoin(workspaces, eq(workspaces.opportunityId, pursuits.opportunityId))
    .leftJoin(pursuitOutcomes, eq(pursuitOutcomes.pursuitId, pursuits.id));
}

export type PursuitCsvRow = Awaited<ReturnType<ReturnType<typeof selectCsvRows>['execute']>>[number];

/** The pursuits the filters select, in board order (stage, then title), for the export. */
export async function listCsvRows(db: Db, f: PursuitFilters): Promise<PursuitCsvRow[]> {
  return selectCsvRows(db)
    .where(filterConditions(f))
    .orderBy(asc(pipelineStages.position), sql`lower(${title})`, asc(pursuits.id));
}

/** The CSV rows of the pursuits of these notices (an import's current state). */
export async function csvRowsByNotice(db: Db, noticeIds: string[]): Promise<PursuitCsvRow[]> {
  if (noticeIds.length === 0) return [];
  return selectCsvRows(db).where(inArray(pursuits.noticeId, noticeIds));
}

/** The CSV rows of the recompete pursuits tracked for these awards (rows keyed by award_key alone). */
export async function csvRowsByAwardKey(db: Db, awardKeys: string[]): Promise<PursuitCsvRow[]> {
  if (awardKeys.length === 0) return [];
  return selectCsvRows(db).where(inArray(pursuits.awardKey, awardKeys));
}

export async function csvRowById(db: Db, id: string): Promise<PursuitCsvRow | undefined> {
  const [row] = await selectCsvRows(db).where(eq(pursuits.id, id));
  return row;
}

/** The stored notices with these notice ids or solicitation numbers: how import rows find theirs. */
export async function findNotices(
  db: Db,
  noticeIds: string[],
  solicitationNumbers: string[],
): Promise<{ id: string; noticeId: string; solicitationNumber: string | null }[]> {
  if (noticeIds.length === 0 && solicitationNumbers.length === 0) return [];
  return db
    .select({ id: opportunities.id, noticeId: opportunities.noticeId, solicitationNumber: opportunities.solicitationNumber })
    .from(opportunities)
    .where(
      or(
        noticeIds.length ? inArray(opportunities.noticeId, noticeIds) : undefined,
        solicitationNumbers.length ? inArray(opportunities.solicitationNumber, solicitationNumbers) : undefined,
      ),
    );
}

/** Accounts by (lower-cased) email, for the capture owner column. */
export async function findUsersByEmail(db: Db, emails: string[]): Promise<{ id: string; email: string; isGuest: boolean }[]> {
  if (emails.length === 0) return [];
  return db.select({ id: users.id, email: users.email, isGuest: users.isGuest }).from(users).where(inArray(users.email, emails));
}
