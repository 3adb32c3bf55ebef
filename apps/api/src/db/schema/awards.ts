import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One modification as the transactions said it (snake_case: it is stored as jsonb). */
export interface ModificationSeen {
  action_date: string;
  /** The current end date after this action (an IDV's ordering period end); null when blank. */
  end_date: string | null;
}

/**
 * One row per federal contract award or IDV (issue 27), keyed as USAspending keys it, from the
 * USAspending API, its CSV downloads or SAM.gov's Contract Awards API. Summary fields (NAICS, PSC,
 * set-aside, extent competed, offers, solicitation id) are those of the award's LATEST
 * modification, as every source gives them. Field sources: shared/data/awards/field-mapping.csv.
 */
export const awards = pgTable(
  'awards',
  {
    awardKey: text().primaryKey(),
    piid: text().notNull(),
    /** PIID uppercased without hyphens, spaces and dots: what notices quote is matched on this. */
    piidKey: text().notNull(),
    parentIdvPiid: text(),
    parentIdvPiidKey: text(),
    awardTypeCode: text(),
    /** The recipient, by UEI only (recipients.uei); never linked by name. */
    recipientUei: text(),
    recipientName: text(),
    recipientParentUei: text(),
    awardingAgencyCode: text(),
    awardingAgencyName: text(),
    awardingSubAgencyCode: text(),
    awardingSubAgencyName: text(),
    awardingOfficeCode: text(),
    awardingOfficeName: text(),
    naicsCode: text(),
    pscCode: text(),
    popState: text(),
    popZip: text(),
    popCountry: text(),
    startDate: date({ mode: 'string' }),
    /** Current end of performance; for an IDV the ordering period's end. */
    currentEndDate: date({ mode: 'string' }),
    potentialEndDate: date({ mode: 'string' }),
    obligatedAmount: numeric({ precision: 20, scale: 2 }),
    /** Base and all options: the ceiling. */
    baseAndAllOptionsValue: numeric({ precision: 20, scale: 2 }),
    solicitationId: text(),
    /** The solicitation id normalised like piidKey. */
    solicitationKey: text(),
    setAsideCode: text(),
    extentCompetedCode: text(),
    offersReceived: integer(),
    /**
     * The contracting officer's determination of business size for this award (latest action): 'S'
     * small, 'O' other than small, null when the source did not say. Per contract, not an SBA ruling.
     */
    businessSize: text({ enum: ['S', 'O'] }),
    /** Modifications after the base; null when the source did not tell. */
    modificationCount: integer(),
    /**
     * Every modification number the imported transactions showed, with its action date and current
     * end date (merged on each import: two files add up). Null: no transaction was ever imported.
     */
    modifications: jsonb().$type<Record<string, ModificationSeen>>(),
    /** Times the current end date moved later from one modification to the next; null when unknown. */
    extensionCount: integer(),
    description: text(),
    /** The latest action the row reflects: an older version never overwrites a newer one. */
    lastActionDate: date({ mode: 'string' }),
    source: text({ enum: ['usaspending_api', 'usaspending_csv', 'sam_contract_awards'] }).notNull(),
    sourceUrl: text().notNull(),
    fetchedAt: timestamp({ withTimezone: true }).notNull(),
    /** SHA-1 of the written columns but fetchedAt: a re-import of the same row writes nothing. */
    contentHash: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('awards_piid_key_idx').on(t.piidKey),
    index('awards_parent_idv_piid_key_idx').on(t.parentIdvPiidKey),
    index('awards_solicitation_key_idx').on(t.solicitationKey),
    index('awards_recipient_uei_idx').on(t.recipientUei),
    index('awards_office_naics_idx').on(t.awardingOfficeCode, t.naicsCode),
    index('awards_current_end_date_idx').on(t.currentEndDate),
    // The recompete radar: a window of end dates within the chosen NAICS, PSC or agencies
    // (bench/radar.ts), and "signals only" (the predicate is radar.repository.ts rowSignalSql's: the row-local signals).
    index('awards_naics_end_idx').on(t.naicsCode, t.currentEndDate),
    index('awards_psc_end_idx').on(t.pscCode, t.currentEndDate),
    index('awards_agency_end_idx').on(t.awardingAgencyCode, t.currentEndDate),
    index('awards_sub_agency_end_idx').on(t.awardingSubAgencyCode, t.currentEndDate),
    // Biggest first across a whole window: read in this order until a page of the window is found.
    index('awards_obligated_desc_idx').on(sql`${t.obligatedAmount} desc nulls last`),
    index('awards_ceiling_desc_idx').on(sql`${t.baseAndAllOptionsValue} desc nulls last`),
    index('awards_radar_signal_end_idx')
      .on(t.currentEndDate)
      .where(
        sql`(${t.offersReceived} = 1 or ${t.extentCompetedCode} in ('B', 'C', 'G', 'NDO') or (${t.baseAndAllOptionsValue} > 0 and ${t.obligatedAmount} >= 0.8 * ${t.baseAndAllOptionsValue}) or ${t.modificationCount} >= 10 or ${t.extensionCount} >= 2)`,
      ),
    // The radar's outgrew_size signal: a later "other than small" award of one recipient in one NAICS.
    index('awards_other_than_small_idx')
      .on(t.recipientUei, t.naicsCode)
      .where(sql`${t.businessSize} = 'O'`),
    // Partner search (GET /partners): NAICS and PSC filter by prefix, agency by code, place by state.
    index('awards_naics_prefix_idx').on(t.naicsCode.op('text_pattern_ops')),
    index('awards_psc_prefix_idx').on(t.pscCode.op('text_pattern_ops')),
    // Agency and sub-agency equality use the radar's (code, end date) indexes above.
    index('awards_pop_state_idx').on(t.popState),
  ],
);
export type AwardRow = typeof awards.$inferSelect;
export type NewAwardRow = typeof awards.$inferInsert;

/** A vendor by UEI, with every name it was seen under (one real recipient has 27). */
export const recipients = pgTable(
  'recipients',
  {
    uei: text().primaryKey(),
    /** The latest name seen. */
    name: text().notNull(),
    namesSeen: text().array().notNull().default([]),
    parentUei: text(),
    businessTypes: text().array().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Partner search's business-type filter (`= any(business_types)` is asked as `@>`).
  (t) => [index('recipients_business_types_idx').using('gin', t.businessTypes)],
);
export type RecipientRow = typeof recipients.$inferSelect;

/** Requests made to a rationed outside API per UTC day (SAM.gov Contract Awards' daily quota). */
export const apiQuotaUsage = pgTable(
  'api_quota_usage',
  {
    api: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    used: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.api, t.day] })],
);
