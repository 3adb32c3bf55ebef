import { z } from 'zod';

/**
 * RFP amendments (beyond SPEC, WORKSPACES.md §4): a new RFP uploaded to a workspace that already
 * has one is diffed against the previous version, requirement by requirement, matched by content.
 */

/** A requirement as an amendment shows it (its id is the one in its own version). */
export const RfpAmendmentRequirementSchema = z.object({
  requirement_id: z.string(),
  section: z.string(),
  must_or_should: z.enum(['must', 'should']),
  text: z.string(),
  page: z.number().int().nullable(),
});
export type RfpAmendmentRequirement = z.infer<typeof RfpAmendmentRequirementSchema>;

/** A board task an amendment touched, as it was named then. */
export const RfpAmendmentTaskSchema = z.object({ id: z.string(), title: z.string() });
export type RfpAmendmentTask = z.infer<typeof RfpAmendmentTaskSchema>;

/** A requirement reworded: its previous and current form, how alike they are (0-1), and the tasks tied to it. */
export const RfpChangedRequirementSchema = z.object({
  previous: RfpAmendmentRequirementSchema,
  current: RfpAmendmentRequirementSchema,
  similarity: z.number(),
  tasks: z.array(RfpAmendmentTaskSchema),
});
export type RfpChangedRequirement = z.infer<typeof RfpChangedRequirementSchema>;

/** A requirement the new version no longer has, and the tasks that carried it. */
export const RfpRemovedRequirementSchema = RfpAmendmentRequirementSchema.extend({ tasks: z.array(RfpAmendmentTaskSchema) });
export type RfpRemovedRequirement = z.infer<typeof RfpRemovedRequirementSchema>;

/** One amendment: solicitation version `version` against `previous_version`. */
export const RfpAmendmentSchema = z.object({
  solicitation_id: z.string(),
  version: z.number().int(),
  file_name: z.string(),
  previous_solicitation_id: z.string(),
  previous_version: z.number().int(),
  created_at: z.string(),
  counts: z.object({
    unchanged: z.number().int(),
    changed: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
    tasks_affected: z.number().int(),
  }),
  changed: z.array(RfpChangedRequirementSchema),
  added: z.array(RfpAmendmentRequirementSchema),
  removed: z.array(RfpRemovedRequirementSchema),
  /** Every task flagged by this amendment (tied to a changed or removed requirement). */
  tasks_affected: z.array(RfpAmendmentTaskSchema),
});
export type RfpAmendment = z.infer<typeof RfpAmendmentSchema>;
export const RfpAmendmentListSchema = z.array(RfpAmendmentSchema);

/**
 * What an amendment changed under a task: one of its requirements was reworded (`text` is the new
 * wording, `new_requirement_id` its id in the new version) or removed (both null). The task keeps
 * these until a member dismisses them.
 */
export const TaskRequirementChangeSchema = z.object({
  /** The solicitation version that made the change. */
  version: z.number().int(),
  change: z.enum(['changed', 'removed']),
  /** The requirement's id in the previous version. */
  requirement_id: z.string(),
  new_requirement_id: z.string().nullable(),
  previous_text: z.string(),
  text: z.string().nullable(),
});
export type TaskRequirementChange = z.infer<typeof TaskRequirementChangeSchema>;

/**
 * POST /tasks/{id}/requirement-changes/dismiss (beyond SPEC). `through_version` is the newest
 * amendment the member saw: changes from a later one stay flagged. Without it, all are dismissed.
 */
export const DismissRequirementChangesBodySchema = z
  .object({
    through_version: z
      .number({ error: 'through_version must be a version number' })
      .int('through_version must be a version number')
      .min(1, 'through_version must be a version number')
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type DismissRequirementChangesBody = z.input<typeof DismissRequirementChangesBodySchema>;
export type DismissRequirementChangesInput = z.output<typeof DismissRequirementChangesBodySchema>;
