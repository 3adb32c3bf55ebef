import { z } from 'zod';

/** Registration invite code (SPEC §3). */
export const InviteCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  used: z.boolean(),
  created_at: z.string(),
  used_by_email: z.string().nullable(),
  used_at: z.string().nullable(),
});
export type InviteCode = z.infer<typeof InviteCodeSchema>;

export const InviteCodeListSchema = z.array(InviteCodeSchema);
