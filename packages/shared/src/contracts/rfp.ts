import { z } from 'zod';

/** SPEC §3 requirement as the workspace RFP Analysis shows it, with its page. */
export const RfpRequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  weight: z.number(),
  text: z.string(),
  page: z.number().int().nullable(),
});
export type RfpRequirement = z.infer<typeof RfpRequirementSchema>;
