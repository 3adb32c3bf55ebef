import { PURSUIT_VALUE_MAX, valueAwardLabel, type Pursuit, type UseAwardValueBody, type ValueSuggestion } from '@biddesk/shared';
import type { AuthedCtx } from '../../lib/ctx';
import { conflict } from '../../lib/errors';
import { getOpportunityAwards } from '../awards/incumbents.service';
import { assertPipeline, getPursuit, requirePursuit } from './pursuits.service';
import type { PursuitView } from './pursuits.repository';
import * as repo from './pursuit-value.repository';

export const ENTERED_WINS = 'An estimated value was entered: an entered value always wins over a prior award’s.';
export const NOTICE_STATES = 'The notice states a value: it is used rather than a prior award’s.';
export const NO_CANDIDATE = 'No incumbent candidate was found in the award data for this notice.';
export const NO_AMOUNT = 'The top incumbent candidate’s award states neither a ceiling nor an obligated amount.';
const NO_NOTICE = 'The notice is no longer in the opportunity data, so its prior awards cannot be looked up.';
const TOO_LARGE = 'The top incumbent candidate’s award value is larger than a pursuit value can be.';

/** A positive dollar amount from decimal text, or null. */
function positive(text: string | null): number | null {
  const n = text === null ? NaN : Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * What the top incumbent candidate (the awards lookup's first, by rule) offers as this pursuit's
 * value: its ceiling (base and all options), or what it obligated when it states no ceiling.
 * Nothing is offered over an entered value or one the notice states. Imported data only: no
 * outside lookup is started from here (the awards card does that when opened).
 */
async function suggest(ctx: AuthedCtx, pursuit: PursuitView): Promise<ValueSuggestion> {
  if (pursuit.valueSource === 'entered') return { suggestion: null, reason: ENTERED_WINS };
  if (pursuit.valueSource === 'notice') return { suggestion: null, reason: NOTICE_STATES };
  if (!pursuit.opportunityId) return { suggestion: null, reason: NO_NOTICE };
  const top = (await getOpportunityAwards(ctx, pursuit.opportunityId)).candidates[0];
  if (!top) return { suggestion: null, reason: NO_CANDIDATE };
  const ceiling = positive(top.ceiling_amount);
  const amount = ceiling ?? positive(top.obligated_amount);
  if (amount === null) return { suggestion: null, reason: NO_AMOUNT };
  if (amount > PURSUIT_VALUE_MAX) return { suggestion: null, reason: TOO_LARGE };
  return {
    suggestion: {
      award_key: top.award_key,
      piid: top.piid,
      recipient_name: top.recipient_name,
      basis: ceiling !== null ? 'ceiling' : 'obligated',
      amount: Math.round(amount * 100) / 100,
      rule: top.rule,
      rule_label: top.rule_label,
      source_url: top.source_url,
      fetched_at: top.fetched_at,
      label: valueAwardLabel(top),
    },
    reason: null,
  };
}

/** GET /pursuits/{id}/value-from-awards. */
export async function getValueSuggestion(ctx: AuthedCtx, id: string): Promise<ValueSuggestion> {
  assertPipeline(ctx, 'pipeline.view');
  return suggest(ctx, await requirePursuit(ctx, id));
}

/**
 * POST /pursuits/{id}/value-from-awards: the owner or an admin takes the offered value. The award
 * is named so an offer that changed since it was shown is refused rather than silently replaced.
 */
export async function useAwardValue(ctx: AuthedCtx, id: string, body: UseAwardValueBody): Promise<Pursuit> {
  const pursuit = await requirePursuit(ctx, id);
  assertPipeline(ctx, 'pursuit.edit', pursuit);
  const { suggestion, reason } = await suggest(ctx, pursuit);
  if (!suggestion) throw conflict(reason ?? NO_CANDIDATE);
  if (suggestion.award_key !== body.award_key) {
    throw conflict(
      `The incumbent candidate changed since it was shown: it is now ${suggestion.piid}. Reload to see the value offered now.`,
    );
  }
  const award = {
    awardKey: suggestion.award_key,
    piid: suggestion.piid,
    recipientName: suggestion.recipient_name,
    basis: suggestion.basis,
  };
  if (!(await repo.setValueFromAward(ctx.db, pursuit.id, suggestion.amount, award))) throw conflict(ENTERED_WINS);
  return getPursuit(ctx, pursuit.id);
}
