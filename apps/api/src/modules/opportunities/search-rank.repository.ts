import { sql, type SQL } from 'drizzle-orm';
import { naicsTitles, opportunities } from '../../db/schema/index';

/**
 * How a keyword match is ranked (issue 21: "cybersecurity" put first a notice that said it only
 * in its DFARS clause list, above the ones about cybersecurity work).
 *
 * The rank reads, by weight: the title and solicitation number (A) and agency names (B) from
 * title_vector, the title of the notice's NAICS code (B: the industry it is filed under, so
 * "janitorial" lifts a terse "Custodial services" notice under 561720), then the description's
 * opening SUMMARY_CHARS (B: what the notice is about), then its next BODY_CHARS (D). The NAICS title
 * only ranks: what matches is still the notice's own words (search_vector), as saved-search alerts
 * match, so a search never lists a notice that does not say what was searched. Clause boilerplate never counts: every sentence that cites a FAR or
 * DFARS clause, or restates the standard cyber-compliance terms every DoD notice carries (CMMC,
 * NIST SP 800-171, SPRS, SAM registration), is cut from the text before it is weighed. A notice
 * that matches only there still matches (search_vector), and ranks after those that mean it.
 *
 * Built per query over the RANKED_MATCHES candidates only (repository), on both databases: PGlite
 * is PostgreSQL, with the same regular expressions and text search.
 */
const SUMMARY_CHARS = 600;
const BODY_CHARS = 6000;

/** Sentences citing a clause by number or by the regulation's name (case as written). */
const CLAUSE_SENTENCE = String.raw`[^.;!?\n]*(\m(52|252)\.\d{3}-\d+|\mDFARS\M|\mFAR\M|\mCMMC\M|\mSPRS\M)[^.;!?\n]*[.;!?]?`;
/** Sentences of the standard compliance wording, in any case. */
const COMPLIANCE_SENTENCE = String.raw`[^.;!?\n]*(cybersecurity maturity mod|nist (sp )?800-171|supplier performance risk system|system for award management)[^.;!?\n]*[.;!?]?`;

/** The description as ranked: its head, without the boilerplate sentences. */
function rankedText(): SQL {
  const head = sql`left(coalesce(${opportunities.description}, ''), ${SUMMARY_CHARS + BODY_CHARS + 4000})`;
  return sql`regexp_replace(regexp_replace(${head}, ${CLAUSE_SENTENCE}, ' ', 'g'), ${COMPLIANCE_SENTENCE}, ' ', 'gi')`;
}

/** ts_rank weights for D, C, B, A: a summary match counts well, a body match a little. */
const WEIGHTS = '{0.05, 0.2, 0.5, 1.0}';

/** ORDER BY term: the relevance of `query` (a tsquery) to a candidate row, best first. */
export function relevanceOrder(query: SQL): SQL {
  const text = rankedText();
  const naics = sql`coalesce((select n.title_vector from ${naicsTitles} n where n.code = ${opportunities.naicsCode}), ''::tsvector)`;
  const vector = sql`${opportunities.titleVector}
    || setweight(${naics}, 'B')
    || setweight(to_tsvector('english', left(${text}, ${SUMMARY_CHARS})), 'B')
    || setweight(to_tsvector('english', substr(${text}, ${SUMMARY_CHARS + 1}, ${BODY_CHARS})), 'D')`;
  return sql`ts_rank(${WEIGHTS}::float4[], ${vector}, ${query}) desc`;
}
