import { z } from 'zod';

/** Product roles (SPEC §6). */
export const AppRoleSchema = z.enum(['user', 'admin']);
export type AppRole = z.infer<typeof AppRoleSchema>;

/** The user object returned with a token and by refresh-user. Never carries secrets. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: AppRoleSchema,
  /**
   * A teaming partner's account (issue 26): sees only its workspaces, never the pipeline. Defaults
   * to false so a session stored before the flag existed still parses (the server always sends it).
   */
  is_guest: z.boolean().default(false),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;
