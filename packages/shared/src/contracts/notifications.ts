import { z } from 'zod';

/** SPEC §3 notification. type 'admin' shows an Admin badge; link is an optional in-app path. */
export const NotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  created_at: z.string(),
  type: z.string(),
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.array(NotificationSchema);
