import type { User } from '@biddesk/shared';
import type { UserRow } from '../../db/schema/index';

/** The public view of a user: never the hash or token version. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    is_guest: row.isGuest,
    created_at: row.createdAt.toISOString(),
  };
}
