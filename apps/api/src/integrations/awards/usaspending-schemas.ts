import { z } from 'zod';

/**
 * What the client requires of USAspending's answers before it uses or caches them. Lenient where
 * the real responses vary (extra keys pass; values may be null), strict where a missing value
 * would make a wrong row (keys, paging). Shapes: fixtures/usaspending/*.json (real responses).
 */
const codeDescription = z
  .object({ code: z.string().nullable().optional(), description: z.string().nullable().optional() })
  .nullable()
  .optional();
const location = z
  .looseObject({
    state_code: z.string().nullable().optional(),
    zip5: z.string().nullable().optional(),
    location_country_code: z.string().nullable().optional(),
  })
  .nullable()
  .optional();

export const SearchResultSchema = z.looseObject({
  internal_id: z.number(),
  generated_internal_id: z.string().min(1),
  'Award ID': z.string().nullable().optional(),
  'Recipient Name': z.string().nullable().optional(),
  'Recipient UEI': z.string().nullable().optional(),
  'Award Amount': z.number().nullable().optional(),
  'Start Date': z.string().nullable().optional(),
  'End Date': z.string().nullable().optional(),
  'Awarding Agency': z.string().nullable().optional(),
  'Awarding Agency Code': z.string().nullable().optional(),
  'Awarding Sub Agency': z.string().nullable().optional(),
  'Awarding Sub Agency Code': z.string().nullable().optional(),
  'Contract Award Type': z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  NAICS: codeDescription,
  PSC: codeDescription,
  'Primary Place of Performance': location,
});
export type UsaSearchResult = z.infer<typeof SearchResultSchema>;

export const SearchAnswerSchema = z.object({
  results: z.array(SearchResultSchema),
  page_metadata: z.object({
    page: z.number(),
    hasNext: z.boolean(),
    last_record_unique_id: z.number().nullable().optional(),
    // A string on every page, the literal "None" on the last one.
    last_record_sort_value: z.string().nullable().optional(),
  }),
});

const pageMetadata = z.looseObject({ page: z.number(), hasNext: z.boolean() });

export const AwardDetailSchema = z.looseObject({
  id: z.number(),
  generated_unique_award_id: z.string().min(1),
  piid: z.string().min(1),
  category: z.string().nullable(),
  type: z.string().nullable(),
  description: z.string().nullable().optional(),
  total_obligation: z.number().nullable().optional(),
  base_and_all_options: z.number().nullable().optional(),
  date_signed: z.string().nullable().optional(),
  parent_award: z
    .looseObject({ piid: z.string().nullable().optional(), generated_unique_award_id: z.string().nullable().optional() })
    .nullable(),
  latest_transaction_contract_data: z
    .looseObject({
      solicitation_identifier: z.string().nullable().optional(),
      type_set_aside: z.string().nullable().optional(),
      extent_competed: z.string().nullable().optional(),
      number_of_offers_received: z.string().nullable().optional(),
      naics: z.string().nullable().optional(),
      product_or_service_code: z.string().nullable().optional(),
    })
    .nullable(),
  awarding_agency: z
    .looseObject({
      toptier_agency: z
        .looseObject({ name: z.string().nullable().optional(), code: z.string().nullable().optional() })
        .nullable()
        .optional(),
      subtier_agency: z
        .looseObject({ name: z.string().nullable().optional(), code: z.string().nullable().optional() })
        .nullable()
        .optional(),
      office_agency_name: z.string().nullable().optional(),
    })
    .nullable(),
  period_of_performance: z
    .object({
      start_date: z.string().nullable().optional(),
      end_date: z.string().nullable().optional(),
      last_modified_date: z.string().nullable().optional(),
      potential_end_date: z.string().nullable().optional(),
    })
    .nullable(),
  recipient: z
    .looseObject({
      recipient_name: z.string().nullable().optional(),
      recipient_uei: z.string().nullable().optional(),
      parent_recipient_uei: z.string().nullable().optional(),
      business_categories: z.array(z.string()).nullable().optional(),
    })
    .nullable(),
  place_of_performance: location,
});
export type UsaAwardDetail = z.infer<typeof AwardDetailSchema>;

export const TransactionsAnswerSchema = z.object({
  results: z.array(
    z.looseObject({
      id: z.string().min(1),
      modification_number: z.string().nullable(),
      action_date: z.string().nullable(),
      federal_action_obligation: z.number().nullable().optional(),
      description: z.string().nullable().optional(),
    }),
  ),
  page_metadata: pageMetadata,
});
export type UsaTransaction = z.infer<typeof TransactionsAnswerSchema>['results'][number];

export const IdvAwardsAnswerSchema = z.object({
  results: z.array(
    z.looseObject({
      generated_unique_award_id: z.string().min(1),
      piid: z.string().min(1),
      award_type: z.string().nullable().optional(),
      description: z.string().nullable().optional(),
      obligated_amount: z.number().nullable().optional(),
      period_of_performance_start_date: z.string().nullable().optional(),
      period_of_performance_current_end_date: z.string().nullable().optional(),
      last_date_to_order: z.string().nullable().optional(),
    }),
  ),
  page_metadata: pageMetadata,
});
export type UsaIdvChildAward = z.infer<typeof IdvAwardsAnswerSchema>['results'][number];

export const RecipientDetailSchema = z.looseObject({
  name: z.string().nullable(),
  alternate_names: z.array(z.string()),
  uei: z.string().nullable(),
  recipient_id: z.string().min(1),
  parent_uei: z.string().nullable().optional(),
  business_types: z.array(z.string()).nullable().optional(),
});
export type UsaRecipientDetail = z.infer<typeof RecipientDetailSchema>;

/** "results[0].generated_internal_id: expected string" from zod's first issues: what the message names. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map(
      (i) =>
        `${i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : n === 0 ? String(p) : `.${String(p)}`)).join('') || '(answer)'}: ${i.message}`,
    )
    .join('; ');
}
