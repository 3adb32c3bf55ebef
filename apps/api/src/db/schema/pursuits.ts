import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities';
import { users } from './users';

/**
 * The capture pipeline's stages, in board order (issue 26). An admin edits the list; `outcome`
 * marks the closing stages and `opensWorkspace` the stage from which the pursuit's workspace is
 * created (Proposal by default).
 */
export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    position: integer().notNull(),
    /** null for an open stage; a closing stage says how the pursuit ended. */
    outcome: text({ enum: ['won', 'lost', 'no_bid', 'cancelled'] }),
    opensWorkspace: boolean().notNull().default(false),
    /**
     * A gate: leaving it forward needs the pursuit's latest review of it to be Go, and a Go needs
     * this evidence (incumbent, rfp_requirements, page_budget); null when the stage is not a gate.
     */
    gateEvidence: text().array().$type<('incumbent' | 'rfp_requirements' | 'page_budget')[]>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pipeline_stages_name_unique').on(sql`lower(${t.name})`)],
);
export type PipelineStageRow = typeof pipelineStages.$inferSelect;

/** What a pursuit keeps of its notice, so it survives the opportunity data being cleared. */
export interface PursuitNoticeSnapshot {
  title: string;
  solicitationNumber: string | null;
  agency: string | null;
  naicsCode: string | null;
  responseDeadline: string | null;
}

/** A prior award a pursuit's value was taken from (pursuit-value.service.ts). */
export interface PursuitValueAward {
  awardKey: string;
  piid: string;
  recipientName: string | null;
  basis: 'ceiling' | 'obligated';
}

/**
 * One pursuit per notice (the unique `notice_id` makes Track one conditional insert). The
 * opportunity link is set null when opportunity data is cleared; `notice` then still names it.
 * A recompete tracked from the radar has no notice yet: it keeps the award key instead (unique
 * too, so Track from the radar is one conditional insert), and `notice` holds the award's title,
 * agency and NAICS. Every pursuit has one or the other.
 */
export const pursuits = pgTable(
  'pursuits',
  {
    id: uuid().primaryKey().defaultRandom(),
    opportunityId: uuid().references(() => opportunities.id, { onDelete: 'set null' }),
    noticeId: text(),
    /** The award (awards.award_key) whose recompete this is, when tracked from the radar. */
    awardKey: text(),
    notice: jsonb().$type<PursuitNoticeSnapshot>().notNull(),
    stageId: uuid()
      .notNull()
      .references(() => pipelineStages.id),
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Dollars; `valueSource` says whether someone entered it, or it came from the notice's award or a prior award. */
    estimatedValue: numeric({ precision: 15, scale: 2, mode: 'number' }),
    valueSource: text({ enum: ['entered', 'notice', 'prior_award'] }),
    /** The prior award the value was taken from, as it was then (valueSource 'prior_award'). */
    valueAward: jsonb().$type<PursuitValueAward>(),
    pWin: integer(),
    pGo: integer(),
    expectedAwardDate: date({ mode: 'string' }),
    nextAction: text(),
    nextActionDue: date({ mode: 'string' }),
    competitors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    teamingPartners: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text().notNull().default(''),
    /** The incumbent's name, or 'none' for a new requirement; null while unknown (gate evidence). */
    incumbent: text(),
    /** The proposal's page limit, once known (gate evidence). */
    pageBudget: integer(),
    stageChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pursuits_notice_unique').on(t.noticeId),
    uniqueIndex('pursuits_opportunity_unique').on(t.opportunityId),
    uniqueIndex('pursuits_award_key_unique').on(t.awardKey),
    index('pursuits_stage_idx').on(t.stageId),
    index('pursuits_owner_idx').on(t.ownerId),
    check('pursuits_p_win_range', sql`${t.pWin} between 0 and 100`),
    check('pursuits_p_go_range', sql`${t.pGo} between 0 and 100`),
    check('pursuits_notice_or_award', sql`${t.noticeId} is not null or ${t.awardKey} is not null`),
  ],
);
export type PursuitRow = typeof pursuits.$inferSelect;
