import { RADAR_COUNT_CAP, type Pursuit, type RadarAgency, type RadarQuery, type RadarResponse } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { GUEST_REFUSAL } from '../../lib/guest-access';
import { LATEST_MOD_CAVEAT, NO_DATA_CAVEAT } from '../awards/incumbents.service';
import * as stagesRepository from '../pursuits/pipeline-stages.repository';
import { assertPipeline, getPursuit } from '../pursuits/pursuits.service';
import { presentRadarRow } from './radar.presenter';
import * as repo from './radar.repository';
import { radarCriteria, radarWindow } from './radar-window';
import * as recompetes from './recompete-pursuits.repository';

export const MOVING_DATES_CAVEAT =
  'End dates move: exercised options, extensions and bridge awards change them, and DoD awards appear about 90 days after signing, so a follow-on may already exist.';
export const SIGNALS_NOT_SHOWN_CAVEAT =
  'A small business that outgrew its size is read from the size determinations contracting officers recorded on the awards imported: each is per contract, not an SBA ruling. Modifications and extensions are counted from the transactions imported, so they are at least the counts shown.';

/** Award data is the company's: guests are refused here as well as by the auth plugin. */
function assertInternal(ctx: AuthedCtx): void {
  if (ctx.actor.isGuest) throw forbidden(GUEST_REFUSAL);
}

/** GET /radar: awards ending in the window, filtered, sorted and paged, each with its signals. */
export async function getRadar(ctx: AuthedCtx, q: RadarQuery, now = new Date()): Promise<RadarResponse> {
  assertInternal(ctx);
  const criteria = radarCriteria(q, now);
  const [rows, total, loaded] = await Promise.all([
    repo.findRadarPage(ctx.db, criteria, q.sort, q.order, q.page_size, (q.page - 1) * q.page_size),
    repo.countRadar(ctx.db, criteria),
    repo.anyAwards(ctx.db),
  ]);
  return {
    data: rows.map(presentRadarRow),
    total: Math.min(total, RADAR_COUNT_CAP),
    total_capped: total > RADAR_COUNT_CAP,
    page: q.page,
    page_size: q.page_size,
    window: { from: criteria.from, to: criteria.to },
    caveats: loaded ? [LATEST_MOD_CAVEAT, MOVING_DATES_CAVEAT, SIGNALS_NOT_SHOWN_CAVEAT] : [NO_DATA_CAVEAT],
  };
}

/** GET /radar/agencies: who awarded the work ending in the window, for the agency filter. */
export async function getRadarAgencies(
  ctx: AuthedCtx,
  q: { from_months: number; to_months: number },
  now = new Date(),
): Promise<{ data: RadarAgency[] }> {
  assertInternal(ctx);
  const window = radarWindow(now, q.from_months, q.to_months);
  return { data: await repo.listWindowAgencies(ctx.db, window.from, window.to) };
}

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1).trimEnd()}…` : text);

/**
 * POST /radar/track: a pursuit for the recompete of an award, one per award key (one conditional
 * insert; the loser gets 409 naming the capture owner). It has no notice yet: its title, agency
 * and NAICS come from the award, and the award's recipient is its incumbent.
 */
export async function trackRecompete(ctx: AuthedCtx, awardKey: string): Promise<Pursuit> {
  assertPipeline(ctx, 'pursuit.track');
  const award = await repo.findAward(ctx.db, awardKey);
  if (!award) throw notFound('Award not found');
  const first = (await stagesRepository.listStages(ctx.db)).find((s) => s.outcome === null);
  if (!first) throw conflict('The pipeline has no open stage. Ask an admin to add one.');
  const what = award.description?.trim() ? `: ${clip(award.description.trim(), 120)}` : '';
  const row = await recompetes.insertRecompeteIfUntracked(ctx.db, {
    awardKey: award.awardKey,
    notice: {
      title: `Recompete of ${award.piid}${what}`,
      solicitationNumber: null,
      agency: award.awardingSubAgencyName ?? award.awardingAgencyName,
      naicsCode: award.naicsCode,
      responseDeadline: null,
    },
    stageId: first.id,
    ownerId: ctx.actor.id,
    incumbent: award.recipientName?.trim() || null,
  });
  if (row === 'gone') throw conflict('The pipeline changed a moment ago (a stage was removed). Reload and try again.');
  if (!row) {
    const existing = await recompetes.findRecompeteOwner(ctx.db, award.awardKey);
    throw conflict(`This recompete is already in the pipeline${existing?.ownerName ? ` (capture owner: ${existing.ownerName})` : ''}`);
  }
  ctx.log.info({ pursuitId: row.id, awardKey: award.awardKey }, 'recompete tracked');
  return getPursuit(ctx, row.id);
}
