import type { OpportunityAwards } from '@biddesk/shared';
import { normalizeSolicitation } from '../../integrations/awards/award-record';
import type { AuthedCtx } from '../../lib/ctx';
import { requireOpportunity } from '../opportunities/opportunities.service';
import { lookUpQuotedNumbers, lookUpSolicitation } from './award-lookup';
import type { AwardSources } from './award-sources';
import * as repo from './awards.repository';
import { presentCandidate, type Match } from './awards.presenter';
import { isDod, isPlausible, MAX_CLASSIFICATION_CANDIDATES, quotedPiids, scoreClassification } from './incumbent-rules';

export const DOD_DELAY_CAVEAT =
  'DoD awards appear in public award data about 90 days after they are signed: the newest may not be here yet.';
export const LATEST_MOD_CAVEAT =
  'Summary fields (NAICS, PSC, set-aside, competition, offers, solicitation number) reflect each award’s latest modification, not necessarily the award as first made.';
export const NO_DATA_CAVEAT = 'No award data is loaded yet: an administrator imports USAspending award files in Admin → Database.';

/**
 * GET /opportunities/{id}/awards: "Incumbent and prior awards", each with the rule that found it,
 * strongest first: a contract number the notice quotes (its recipient holds the work or the
 * vehicle), then the notice's solicitation number on an award (who won this, or an earlier use of
 * the number), then up to three awards of the same office and classification, scored. An award
 * found by a stronger rule is not repeated by a weaker one.
 */
export async function getOpportunityAwards(
  ctx: AuthedCtx,
  id: string,
  sources: AwardSources = { usaspending: null, samAwards: null },
): Promise<OpportunityAwards> {
  const { usaspending, samAwards } = sources;
  const o = await requireOpportunity(ctx, id);
  const matches: Match[] = [];
  const seen = new Set<string>();
  const add = (m: Match) => {
    if (seen.has(m.award.awardKey)) return;
    seen.add(m.award.awardKey);
    matches.push(m);
  };

  // The description may still be SAM's URL (not fetched yet): a URL quotes no contract number.
  const description = o.description && !/^https?:\/\//.test(o.description) ? o.description : null;
  const quoted = quotedPiids([o.title, description, o.award?.number], o.solicitationNumber ? [o.solicitationNumber] : []);
  let byNumber = await repo.findByPiidKeys(ctx.db, quoted);
  // Numbers the imported data does not hold are asked of USAspending (on demand, cached).
  const missing = quoted.filter((k) => !byNumber.some((a) => a.piidKey === k || a.parentIdvPiidKey === k));
  const lookupFailures: string[] = [];
  if (usaspending && missing.length > 0) {
    const outcome = await lookUpQuotedNumbers(ctx.db, usaspending, missing);
    if (outcome.failure) lookupFailures.push(`The contract numbers this notice quotes could not be looked up: ${outcome.failure}`);
    if (outcome.stored > 0) byNumber = await repo.findByPiidKeys(ctx.db, quoted);
  }
  for (const award of byNumber) {
    const number = quoted.includes(award.piidKey) ? award.piid : award.parentIdvPiid;
    add({ award, rule: 'quoted_contract_number', score: 0.9, matchedOn: [number ?? award.piid] });
  }

  const solicitation = o.solicitationNumber?.trim();
  const solicitationKey = normalizeSolicitation(solicitation);
  if (solicitation && solicitationKey) {
    let bySolicitation = await repo.findBySolicitationKey(ctx.db, solicitationKey);
    // USAspending cannot search by solicitation number; SAM.gov Contract Awards can (daily quota).
    if (samAwards && bySolicitation.length === 0) {
      const outcome = await lookUpSolicitation(ctx.db, samAwards, solicitation);
      if (outcome.failure) lookupFailures.push(`The solicitation number could not be looked up: ${outcome.failure}`);
      if (outcome.stored > 0) bySolicitation = await repo.findBySolicitationKey(ctx.db, solicitationKey);
    }
    for (const award of bySolicitation) {
      add({ award, rule: 'solicitation_number', score: 0.8, matchedOn: [award.solicitationId ?? solicitation] });
    }
  }

  const facts = {
    officeCode: o.aacCode,
    subTierCode: o.fpdsCode,
    naicsCode: o.naicsCode,
    pscCode: o.pscCode,
    popState: o.placeOfPerformance?.state ?? null,
    dueDate: o.responseDeadline ?? o.postedDate,
  };
  const scored = (await repo.findClassificationCandidates(ctx.db, facts))
    .filter((a) => !seen.has(a.awardKey))
    .map((award) => ({ award, ...scoreClassification(facts, award) }))
    .filter(isPlausible)
    .sort((a, b) => b.score - a.score || (b.award.currentEndDate ?? '').localeCompare(a.award.currentEndDate ?? ''))
    .slice(0, MAX_CLASSIFICATION_CANDIDATES);
  for (const s of scored) add({ award: s.award, rule: 'office_classification', score: s.score, matchedOn: s.matchedOn });

  const awardsLoaded = await repo.countAwards(ctx.db);
  const caveats: string[] = [];
  caveats.push(...lookupFailures);
  if (awardsLoaded === 0) caveats.push(NO_DATA_CAVEAT);
  if (isDod(o.cgac) || matches.some((m) => isDod(m.award.awardingAgencyCode))) caveats.push(DOD_DELAY_CAVEAT);
  if (matches.length > 0) caveats.push(LATEST_MOD_CAVEAT);
  return { opportunity_id: o.id, candidates: matches.map(presentCandidate), caveats, awards_loaded: awardsLoaded };
}
