import { z } from 'zod';
import { IncumbentRuleSchema } from './awards';
import { UEI_PATTERN } from './partners';

/** Which list of a pursuit a name is on (issue 26 item 2). */
export const PursuitPartyKindSchema = z.enum(['competitor', 'teaming_partner'], { error: 'kind must be competitor or teaming_partner' });
export type PursuitPartyKind = z.infer<typeof PursuitPartyKindSchema>;

/**
 * How a name on a pursuit is tied to an award recipient: chosen from partner search, typed as the
 * recipient's UEI, or typed as a name that exactly one recipient was seen under.
 */
export const PartyLinkSchema = z.enum(['chosen', 'uei', 'unique_name']);
export type PartyLink = z.infer<typeof PartyLinkSchema>;

export const PursuitPartySchema = z.object({
  kind: PursuitPartyKindSchema,
  name: z.string(),
  /** The recipient's UEI when the name is linked to award data; null otherwise. */
  uei: z.string().nullable(),
  linked_by: PartyLinkSchema.nullable(),
  /** Why a name is not linked when that is worth saying (several recipients share it). */
  not_linked_reason: z.string().nullable(),
});
export type PursuitParty = z.infer<typeof PursuitPartySchema>;

export const PursuitPartiesSchema = z.object({ data: z.array(PursuitPartySchema) });
export type PursuitParties = z.infer<typeof PursuitPartiesSchema>;

/** POST /pursuits/{id}/parties: add a recipient from partner search as a competitor or teaming partner. */
export const AddPursuitPartyBodySchema = z
  .object({
    kind: PursuitPartyKindSchema,
    uei: z.string({ error: 'uei is required' }).trim().toUpperCase().regex(UEI_PATTERN, 'uei must be a 12-character UEI'),
  })
  .strict();
export type AddPursuitPartyBody = z.infer<typeof AddPursuitPartyBodySchema>;

/** Where a pursuit's estimated value came from. */
export const VALUE_SOURCES = ['entered', 'notice', 'prior_award'] as const;
export const ValueSourceSchema = z.enum(VALUE_SOURCES);
export type ValueSource = z.infer<typeof ValueSourceSchema>;

/** The prior award a value was taken from, as it was when taken. */
export const ValueAwardSchema = z.object({
  award_key: z.string(),
  piid: z.string(),
  recipient_name: z.string().nullable(),
  /** ceiling: base and all options; obligated: the award states no ceiling. */
  basis: z.enum(['ceiling', 'obligated']),
});
export type ValueAward = z.infer<typeof ValueAwardSchema>;

/** "from prior award <PIID>, <recipient>": how the UI names a value's source. */
export function valueAwardLabel(a: Pick<ValueAward, 'piid' | 'recipient_name'>): string {
  return `from prior award ${a.piid}${a.recipient_name ? `, ${a.recipient_name}` : ''}`;
}

/** GET /pursuits/{id}/value-from-awards: the value the incumbent's award offers, or why none. */
export const ValueSuggestionSchema = z.object({
  suggestion: ValueAwardSchema.extend({
    amount: z.number(),
    rule: IncumbentRuleSchema,
    rule_label: z.string(),
    source_url: z.string(),
    fetched_at: z.string(),
    label: z.string(),
  }).nullable(),
  /** Why nothing is offered (a value is entered, the notice states one, no candidate, no amount). */
  reason: z.string().nullable(),
});
export type ValueSuggestion = z.infer<typeof ValueSuggestionSchema>;

/** POST /pursuits/{id}/value-from-awards: take the offered award's value (named, so a changed offer is refused). */
export const UseAwardValueBodySchema = z
  .object({ award_key: z.string({ error: 'award_key is required' }).min(1, 'award_key is required').max(200, 'award_key is too long') })
  .strict();
export type UseAwardValueBody = z.infer<typeof UseAwardValueBodySchema>;

/** GET /workspaces/{id}/awards-line: the workspace header's incumbent line (internal users only). */
export const WorkspaceAwardsLineSchema = z.object({
  opportunity_id: z.string().nullable(),
  incumbent: z
    .object({
      piid: z.string(),
      recipient_name: z.string().nullable(),
      recipient_uei: z.string().nullable(),
      current_end_date: z.string().nullable(),
      obligated_amount: z.string().nullable(),
      ceiling_amount: z.string().nullable(),
      rule: IncumbentRuleSchema,
      rule_label: z.string(),
    })
    .nullable(),
});
export type WorkspaceAwardsLine = z.infer<typeof WorkspaceAwardsLineSchema>;
