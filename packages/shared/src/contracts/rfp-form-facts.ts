import { z } from 'zod';

/**
 * What the solicitation's filled standard form (SF-1449, SF-33, SF-30) states, as the workspace RFP
 * view and the brief show it (issue 22 item 4). Every fact carries where it was read ("SF-1449
 * block 8, p. 1"); dates are the form's own words (calendar date, time and zone as written), never
 * converted to the reader's zone.
 */
export const RfpFormFactSchema = z.object({
  /** solicitation_number, issue_date, issuing_office, naics, size_standard, set_aside. */
  key: z.string(),
  label: z.string(),
  value: z.string(),
  /** The caption the value was read under, as printed on the form. */
  caption: z.string(),
  page: z.number().int(),
  /** "SF-1449 block 5, p. 1". */
  source: z.string(),
});
export type RfpFormFact = z.infer<typeof RfpFormFactSchema>;

export const RfpOfferDueSchema = z.object({
  /** ISO calendar date as the form gives it. */
  date: z.string(),
  time: z.string().nullable(),
  zone: z.string().nullable(),
  /** "Jul 10, 2017, 1:00 PM EST": the form's date, time and zone as written. */
  text: z.string(),
  caption: z.string(),
  page: z.number().int(),
  source: z.string(),
});
export type RfpOfferDue = z.infer<typeof RfpOfferDueSchema>;

/**
 * The form's offer due date against the SAM.gov notice's response deadline:
 * `same` (the same moment, or the same day where a time or zone is missing on either side),
 * `differs` (an amendment may have moved it: both are shown, the difference flagged),
 * `no_notice` (the workspace's notice states no deadline, or the workspace has no notice).
 */
export const RFP_DUE_AGREEMENTS = ['same', 'differs', 'no_notice'] as const;
export const RfpDueCheckSchema = z.object({
  agreement: z.enum(RFP_DUE_AGREEMENTS),
  /** The notice's deadline as SAM states it ("Jul 12, 2017, 2:00 PM UTC-04:00"); null without one. */
  notice_text: z.string().nullable(),
  /** What was compared and what differs, in a sentence. */
  detail: z.string(),
});
export type RfpDueCheck = z.infer<typeof RfpDueCheckSchema>;

export const RfpFormFactsSchema = z.object({
  /** "SF-1449" when the form prints its number; null otherwise. */
  form: z.string().nullable(),
  offer_due: RfpOfferDueSchema.nullable(),
  /** Present with offer_due: how it compares with the SAM.gov notice. */
  due_check: RfpDueCheckSchema.nullable(),
  facts: z.array(RfpFormFactSchema),
});
export type RfpFormFacts = z.infer<typeof RfpFormFactsSchema>;

/** GET /opportunities/{id}/form-facts: the facts of the opportunity's latest solicitation PDF (beyond SPEC). */
export const OpportunityFormFactsSchema = z.object({
  /** The PDF they were read from; null before any upload. */
  file_name: z.string().nullable(),
  form_facts: RfpFormFactsSchema.nullable(),
});
export type OpportunityFormFacts = z.infer<typeof OpportunityFormFactsSchema>;
