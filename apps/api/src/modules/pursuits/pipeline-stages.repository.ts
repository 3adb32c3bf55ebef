import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pipelineStages, pursuits, type PipelineStageRow } from '../../db/schema/index';
import { isForeignKeyViolation } from './pursuits.repository';

export async function listStages(db: Db): Promise<PipelineStageRow[]> {
  return db.select().from(pipelineStages).orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
}

export async function findStage(db: Db, id: string): Promise<PipelineStageRow | undefined> {
  const [row] = await db.select().from(pipelineStages).where(eq(pipelineStages.id, id));
  return row;
}

/** Makes concurrent stage-list edits take turns (transaction-scoped). */
export async function lockStageList(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${STAGE_LIST_LOCK}::int4, 0)`);
}

/** How many pursuits sit in each of these stages (the ones an edit would remove). */
export async function countPursuitsIn(db: Db, stageIds: string[]): Promise<{ stageId: string; n: number }[]> {
  if (stageIds.length === 0) return [];
  return db
    .select({ stageId: pursuits.stageId, n: sql<number>`count(*)::int` })
    .from(pursuits)
    .where(inArray(pursuits.stageId, stageIds))
    .groupBy(pursuits.stageId);
}

export interface StageValues {
  id?: string;
  name: string;
  outcome: PipelineStageRow['outcome'];
  opensWorkspace: boolean;
  /** undefined: a kept stage keeps its gate, a new one has none. */
  gateEvidence?: PipelineStageRow['gateEvidence'];
}

/**
 * Writes the whole list: removes stages left out, then renames and renumbers the kept ones and
 * inserts new ones. Names are unique case-insensitively, so every kept stage first takes a
 * temporary name: a swap of two names must not trip the index halfway.
 */
export async function replaceStages(db: Db, stages: StageValues[]): Promise<'in-use' | void> {
  const keptIds = stages.flatMap((s) => (s.id ? [s.id] : []));
  // A savepoint: a pursuit moved into a removed stage after the caller's count fails the delete
  // (foreign key), which the caller answers as "in use" rather than an error.
  const removed = await db
    .transaction(async (sp) => {
      await sp.delete(pipelineStages).where(keptIds.length ? notInArray(pipelineStages.id, keptIds) : sql`true`);
    })
    .then(() => true)
    .catch((err: unknown) => {
      if (isForeignKeyViolation(err)) return false;
      throw err;
    });
  if (!removed) return 'in-use';
  if (keptIds.length) {
    await db
      .update(pipelineStages)
      .set({ name: sql`${pipelineStages.id}::text` })
      .where(inArray(pipelineStages.id, keptIds));
  }
  for (const [position, s] of stages.entries()) {
    const values = {
      name: s.name,
      position,
      outcome: s.outcome,
      opensWorkspace: s.opensWorkspace,
      ...(s.gateEvidence === undefined ? {} : { gateEvidence: s.gateEvidence }),
    };
    if (s.id) await db.update(pipelineStages).set(values).where(eq(pipelineStages.id, s.id));
    else await db.insert(pipelineStages).values(values);
  }
}

// Namespace of the advisory lock around stage-list edits.
const STAGE_LIST_LOCK = 0x5717;
