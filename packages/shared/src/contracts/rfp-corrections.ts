import { z } from 'zod';
import { safeText } from '../text';

/**
 * Why the engine took a requirement (issue 23): the rules that decided (deciding rule first), the
 * words that carried the obligation, and where its section came from ("heading 'Instructions to
 * Offerors', p. 12"). Null on requirements stored before the engine recorded it.
 */
export const RfpRequirementBasisSchema = z.object({
  rules: z.array(z.string()),
  cue: z.string().nullable(),
  section: z.string(),
});
export type RfpRequirementBasis = z.infer<typeof RfpRequirementBasisSchema>;

/** What the web and the exports say when a requirement has no recorded basis. */
export const BASIS_NOT_RECORDED = 'Not recorded for this upload; re-upload the RFP to see it';

/** The basis in one line, for the exports' Basis column: "rules: modal.shall · cue: shall · section: heading 'L', p. 3". */
export function basisText(basis: RfpRequirementBasis | null | undefined): string {
  if (!basis) return BASIS_NOT_RECORDED;
  return [`rules: ${basis.rules.join(', ') || 'none'}`, `cue: ${basis.cue ?? 'none'}`, `section: ${basis.section}`].join(' · ');
}

export const RFP_SECTIONS = ['L', 'M', 'C', 'other'] as const;
export const RfpSectionSchema = z.enum(RFP_SECTIONS, { error: 'section must be L, M, C or other' });
export const RfpObligationSchema = z.enum(['must', 'should'], { error: "must_or_should must be 'must' or 'should'" });
export const CORRECTION_NOTE_MAX = 500;

/**
 * A team's correction of one requirement (issue 23), as shown beside it: `section` and
 * `must_or_should` are the corrected values (null where the engine's stands), `engine` what the
 * engine said, so the row can read "corrected from M".
 */
export const RfpRequirementCorrectionSchema = z.object({
  not_a_requirement: z.boolean(),
  section: RfpSectionSchema.nullable(),
  must_or_should: RfpObligationSchema.nullable(),
  note: z.string().nullable(),
  engine: z.object({ section: z.string(), must_or_should: RfpObligationSchema }),
  corrected_by_name: z.string().nullable(),
  corrected_at: z.string(),
  /** The version it was first made on, when an amendment carried it to this one. */
  carried_from_version: z.number().int().nullable(),
});
export type RfpRequirementCorrection = z.infer<typeof RfpRequirementCorrectionSchema>;

/**
 * PUT .../requirements/{requirementId}/correction: the whole correction. A section or obligation
 * left out (or equal to the engine's) keeps the engine's; a body that changes nothing undoes the
 * correction.
 */
export const PutRequirementCorrectionBodySchema = z.strictObject(
  {
    not_a_requirement: z.boolean({ error: 'not_a_requirement must be true or false' }).default(false),
    section: RfpSectionSchema.nullish(),
    must_or_should: RfpObligationSchema.nullish(),
    note: safeText('Note', 'Note must be text')
      .trim()
      .max(CORRECTION_NOTE_MAX, `Note must be at most ${CORRECTION_NOTE_MAX} characters`)
      .nullish(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Unknown field: a correction has not_a_requirement, section, must_or_should and note'
        : undefined,
  },
);
export type PutRequirementCorrectionBody = z.input<typeof PutRequirementCorrectionBodySchema>;
