import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { activity, generatedDocuments, notifications, rfpSolicitations, type StoredRequirement } from '../src/db/schema/index';

/** A few requirements as the engine stores them: Section L instructions (one on price), an M factor, a C task. */
export const RFP_REQUIREMENTS: StoredRequirement[] = [
  {
    requirement_id: 'L-001',
    section: 'L',
    must_or_should: 'must',
    weight: 1,
    text: 'The offeror shall submit a technical volume not exceeding 25 pages.',
    page: 3,
  },
  {
    requirement_id: 'L-002',
    section: 'L',
    must_or_should: 'must',
    weight: 1,
    text: 'The offeror shall provide three past performance references.',
    page: 4,
  },
  {
    requirement_id: 'L-003',
    section: 'L',
    must_or_should: 'must',
    weight: 1,
    text: 'The offeror shall submit a firm-fixed-price schedule with a price for every CLIN.',
    page: 5,
  },
  {
    requirement_id: 'M-001',
    section: 'M',
    must_or_should: 'should',
    weight: 2,
    text: 'Technical approach will be evaluated for feasibility and risk.',
    page: 9,
  },
  {
    requirement_id: 'C-001',
    section: 'C',
    must_or_should: 'must',
    weight: 1,
    text: 'The contractor shall provide custodial services five days a week.',
    page: 12,
  },
];

/** Inserts an RFP version straight into rfp_solicitations (the RFP upload is another module's). */
export async function insertRfp(
  db: Db,
  workspaceId: string,
  opts: { version?: number; requirements?: StoredRequirement[]; processingStatus?: string } = {},
): Promise<string> {
  const [row] = await db
    .insert(rfpSolicitations)
    .values({
      workspaceId,
      version: opts.version ?? 1,
      fileName: 'rfp.pdf',
      storageKey: 'test-key',
      sizeBytes: 1000,
      pageCount: 12,
      processingStatus: opts.processingStatus ?? 'completed',
      requirements: opts.requirements ?? RFP_REQUIREMENTS,
    })
    .returning({ id: rfpSolicitations.id });
  return row!.id;
}

/** Everything a workspace AI call could change, to prove a refused call changed nothing. */
export async function aiSnapshot(db: Db, workspaceId: string) {
  const docs = await db
    .select({ id: generatedDocuments.id, type: generatedDocuments.documentType, userId: generatedDocuments.userId })
    .from(generatedDocuments)
    .where(eq(generatedDocuments.workspaceId, workspaceId))
    .orderBy(asc(generatedDocuments.id));
  const allDocs = await db.select({ id: generatedDocuments.id }).from(generatedDocuments);
  const log = await db
    .select({ id: activity.id, action: activity.action })
    .from(activity)
    .where(eq(activity.workspaceId, workspaceId))
    .orderBy(asc(activity.id));
  const bells = await db.select({ id: notifications.id }).from(notifications);
  return { documents: docs, documentCount: allDocs.length, activity: log, notificationCount: bells.length };
}
