import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AWARD_NOTICE_TYPE, type SavedSearchFilters } from '@biddesk/shared';
import { opportunities } from '../../db/schema/index';
import { openForResponse } from '../opportunities/opportunities.repository';

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The notices a saved search matches, with the listing's meaning of each filter: keywords in
 * websearch syntax over the full-text vector, agency exact, NAICS/PSC as prefixes, and the status
 * rule (open for a response unless the search says otherwise), one row per solicitation.
 */
export function savedSearchWhere(f: SavedSearchFilters, now: Date): SQL | undefined {
  return and(
    sql`${opportunities.latestInGroup}`,
    f.keyword ? sql`${opportunities.searchVector} @@ websearch_to_tsquery('english', ${f.keyword})` : undefined,
    f.agency ? eq(opportunities.department, f.agency) : undefined,
    f.naics ? sql`${opportunities.naicsCode} like ${likePrefix(f.naics)}` : undefined,
    f.psc ? sql`${opportunities.pscCode} like ${likePrefix(f.psc)}` : undefined,
    f.set_aside ? eq(opportunities.setAsideCode, f.set_aside) : undefined,
    f.notice_type ? eq(opportunities.noticeType, f.notice_type) : undefined,
    statusWhere(f.status ?? 'open', now),
  );
}

function statusWhere(status: NonNullable<SavedSearchFilters['status']>, now: Date): SQL | undefined {
  if (status === 'open') return openForResponse(now);
  if (status === 'past_due') return sql`${opportunities.responseDeadline} < ${now}`;
  if (status === 'awarded') return eq(opportunities.noticeType, AWARD_NOTICE_TYPE);
  return undefined;
}
