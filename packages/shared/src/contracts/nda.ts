import { z } from 'zod';

/** SPEC §3 NDA: the current version of the agreement members accept. */
export const NdaSchema = z.object({
  id: z.string(),
  title: z.string(),
  body_markdown: z.string(),
  version: z.number().int(),
  effective_at: z.string(),
});
export type Nda = z.infer<typeof NdaSchema>;

/** POST /workspaces/{id}/nda/accept?nda_version_id= */
export const NdaAcceptQuerySchema = z.object({
  nda_version_id: z.uuid({ error: 'nda_version_id must be the id of an NDA version' }),
});

export const NdaAcceptResponseSchema = z.object({
  message: z.string(),
  nda_accepted_at: z.string(),
});
export type NdaAcceptResponse = z.infer<typeof NdaAcceptResponseSchema>;
