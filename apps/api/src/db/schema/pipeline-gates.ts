import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pipelineStages, pursuits } from './pursuits';
import { users } from './users';

/** The gate review's rubric, in order (issue 26 item 3); an admin edits it. Reviews keep a snapshot. */
export const gateFactors = pgTable(
  'gate_factors',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text().notNull().default(''),
    weight: integer().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gate_factors_name_unique').on(sql`lower(${t.name})`),
    check('gate_factors_weight_range', sql`${t.weight} between 1 and 10`),
  ],
);
export type GateFactorRow = typeof gateFactors.$inferSelect;

export interface StoredGateScore {
  factor_id: string;
  name: string;
  weight: number;
  score: number;
  note: string;
}
export interface StoredGateInputs {
  stage_name: string;
  estimated_value: number | null;
  p_win: number | null;
  evidence: { incumbent: string | null; page_budget: number | null; rfp_requirements: { extracted: boolean; count: number } };
  required: ('incumbent' | 'rfp_requirements' | 'page_budget')[];
  missing: ('incumbent' | 'rfp_requirements' | 'page_budget')[];
}

/**
 * Gate reviews: append-only (a trigger refuses UPDATE); a new review of the same gate is a new
 * row and the latest (by `seq`) is the one a stage move checks. Deleted only with the pursuit.
 */
export const pursuitGateReviews = pgTable(
  'pursuit_gate_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: the latest review of a gate is the one with the highest seq. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    pursuitId: uuid()
      .notNull()
      .references(() => pursuits.id, { onDelete: 'cascade' }),
    gateStageId: uuid().references(() => pipelineStages.id, { onDelete: 'set null' }),
    gateName: text().notNull(),
    scores: jsonb().$type<StoredGateScore[]>().notNull(),
    inputs: jsonb().$type<StoredGateInputs>().notNull(),
    pGo: integer().notNull(),
    recommendation: text({ enum: ['bid', 'consider', 'no_bid'] }).notNull(),
    drivers: text().array().notNull(),
    decision: text({ enum: ['go', 'no_go'] }).notNull(),
    rationale: text().notNull(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The decider's name then, kept when the account is deleted. */
    deciderName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pursuit_gate_reviews_pursuit_idx').on(t.pursuitId, t.gateStageId, t.seq)],
);
export type PursuitGateReviewRow = typeof pursuitGateReviews.$inferSelect;

/**
 * How a pursuit ended (issue 26 item 4): one row per pursuit, written with the move into the
 * closing stage; it counts while the pursuit stays in a stage of that outcome.
 */
export const pursuitOutcomes = pgTable('pursuit_outcomes', {
  pursuitId: uuid()
    .primaryKey()
    .references(() => pursuits.id, { onDelete: 'cascade' }),
  outcome: text({ enum: ['won', 'lost', 'no_bid', 'cancelled'] }).notNull(),
  awardValue: numeric({ precision: 15, scale: 2, mode: 'number' }),
  winner: text(),
  reasons: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  reasonText: text().notNull().default(''),
  debriefDate: date({ mode: 'string' }),
  lessonsLearned: text().notNull().default(''),
  pWinAtClose: integer(),
  recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type PursuitOutcomeRow = typeof pursuitOutcomes.$inferSelect;

/** Every stage a pursuit entered (a trigger writes it on insert and stage change): the funnel. */
export const pursuitStageEntries = pgTable(
  'pursuit_stage_entries',
  {
    pursuitId: uuid()
      .notNull()
      .references(() => pursuits.id, { onDelete: 'cascade' }),
    stageId: uuid()
      .notNull()
      .references(() => pipelineStages.id, { onDelete: 'cascade' }),
    firstEnteredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pursuitId, t.stageId] }), index('pursuit_stage_entries_stage_idx').on(t.stageId)],
);
