import type { AdminUser } from '@biddesk/shared';
import type { UserWithStats } from './admin-users.repository';

/** Wire shape of a user in the admin list (SPEC §3 admin user view). */
export function presentAdminUser({ user, savedCount, documentCount }: UserWithStats): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    is_guest: user.isGuest,
    created_at: user.createdAt.toISOString(),
    stats: { opportunities: savedCount, documents_generated: documentCount },
  };
}
