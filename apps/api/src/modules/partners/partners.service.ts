import {
  PARTNER_DETAIL_AWARDS_MAX,
  UEI_PATTERN,
  type PartnerDetail,
  type PartnerSearchQuery,
  type PartnerSearchResponse,
} from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { badRequest, notFound } from '../../lib/errors';
import { assertInternal } from '../../lib/guest-access';
import { presentPartner, presentPartnerAward } from './partners.presenter';
import * as repo from './partners.repository';

const RECIPIENT_NOT_FOUND = 'No award recipient with this UEI is in the award data';

/**
 * GET /partners (issue 27 item 5): recipients with awards in the chosen market, each with its
 * history over those awards. Guests are refused by the auth plugin (the route is not on
 * lib/guest-access's list) and again here, since award data is the company's intelligence.
 */
export async function searchPartners(ctx: AuthedCtx, q: PartnerSearchQuery): Promise<PartnerSearchResponse> {
  assertInternal(ctx);
  const filters: repo.PartnerFilters = {
    naics: q.naics,
    psc: q.psc,
    agency: q.agency,
    state: q.state,
    businessType: q.business_type || undefined,
    q: q.q || undefined,
  };
  const narrowed = await repo.narrowRecipients(ctx.db, filters);
  // A name most recipients share ("llc") with nothing else to narrow would group every award.
  if (filters.q && narrowed === null && !(filters.naics || filters.psc || filters.agency || filters.state || filters.businessType)) {
    throw badRequest(
      `“${filters.q}” matches more than ${repo.NARROW_RECIPIENTS_MAX.toLocaleString('en-US')} recipients: type more of the name, or add a NAICS, PSC, agency, place or business type`,
    );
  }
  const [{ rows, total }, awardsLoaded] = await Promise.all([
    repo.searchPartners(ctx.db, filters, q.sort, q.page_size, (q.page - 1) * q.page_size, narrowed),
    repo.anyAwards(ctx.db),
  ]);
  const tops = await repo.topAgenciesAndNaics(
    ctx.db,
    rows.map((r) => r.uei),
    filters,
  );
  return {
    data: rows.map((r) =>
      presentPartner(
        r,
        tops.filter((t) => t.uei === r.uei),
      ),
    ),
    total,
    page: q.page,
    page_size: q.page_size,
    awards_loaded: awardsLoaded,
  };
}

/** GET /partners/{uei}: the recipient, the names it was seen under, its parent and its awards. */
export async function getPartner(ctx: AuthedCtx, rawUei: string): Promise<PartnerDetail> {
  assertInternal(ctx);
  const uei = rawUei.trim().toUpperCase();
  if (!UEI_PATTERN.test(uei)) throw notFound(RECIPIENT_NOT_FOUND);
  const recipient = await repo.findRecipient(ctx.db, uei);
  if (!recipient) throw notFound(RECIPIENT_NOT_FOUND);
  const [{ rows }, tops, list] = await Promise.all([
    repo.searchPartners(ctx.db, { uei }, 'obligated', 1, 0),
    repo.topAgenciesAndNaics(ctx.db, [uei], {}),
    repo.listRecipientAwards(ctx.db, uei, PARTNER_DETAIL_AWARDS_MAX + 1),
  ]);
  const history = rows[0] ?? {
    uei,
    name: recipient.name,
    parent_uei: recipient.parentUei,
    business_types: recipient.businessTypes,
    award_count: 0,
    total_obligated: null,
    last_award_date: null,
  };
  return {
    ...presentPartner(history, tops),
    names_seen: recipient.namesSeen,
    awards: list.slice(0, PARTNER_DETAIL_AWARDS_MAX).map(presentPartnerAward),
    awards_truncated: list.length > PARTNER_DETAIL_AWARDS_MAX,
  };
}
