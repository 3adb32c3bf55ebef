import type { Workspace } from '@biddesk/shared';
import { memberFixture, workspaceFixture } from './fixtures';
import { plainUser } from './render-app';

export const refresh = { 'GET /api/auth/refresh-user': () => ({ body: plainUser }) };
export const ws = workspaceFixture(1);
export const owner = memberFixture(1, { user_id: plainUser.id, user_name: 'Uma User', user_email: plainUser.email, role: 'OWNER' });
export const contributor = memberFixture(2, { nda_accepted_at: '2026-11-03T12:00:00.000Z' });
export const viewer = memberFixture(3, { role: 'VIEWER' });
export const pendingInvite = {
  id: 'inv-1',
  email: 'new@example.com',
  role: 'REVIEWER',
  status: 'PENDING',
  inviter_name: 'Uma User',
  created_at: '2026-11-04T12:00:00.000Z',
  expires_at: '2026-11-11T12:00:00.000Z',
};

/** The calls a workspace page makes, for a workspace seen as `w`. */
export function workspaceApi(w: Workspace) {
  return {
    ...refresh,
    [`GET /api/workspaces/${w.id}`]: () => ({ body: w }),
    [`GET /api/workspaces/${w.id}/members`]: () => ({ body: [owner, contributor, viewer] }),
    [`GET /api/workspaces/${w.id}/invites`]: () => ({ body: [pendingInvite] }),
    // The Team Chat panel is open by default and loads its latest page.
    [`GET /api/workspaces/${w.id}/messages`]: () => ({ body: { messages: [], total: 0 } }),
    // The page asks what other members changed (issue 21 item 3); by default nothing did.
    [`GET /api/workspaces/${w.id}/changes`]: () => ({ body: { cursor: '1000', changed: [] } }),
    // The header's incumbent line (internal users); by default no candidate.
    [`GET /api/workspaces/${w.id}/awards-line`]: () => ({ body: { opportunity_id: w.opportunity?.id ?? null, incumbent: null } }),
  };
}
