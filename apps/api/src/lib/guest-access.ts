import type { AuthedCtx } from './ctx';
import { forbidden } from './errors';

/** What a guest hears from any call outside their workspaces (issue 26). */
export const GUEST_REFUSAL = 'Guest accounts can only open the workspaces they were invited to';

/**
 * The routes a guest (a teaming partner's account) may call: their own account, the bell, and the
 * workspaces they belong to, whose own membership checks stay as they are. Every other route
 * refuses guests (plugins/auth.ts), so a route added later is closed to them until it is listed
 * here. `guest-access.test.ts` checks each entry names a real route.
 */
export const GUEST_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/auth/refresh-user',
  'PATCH /api/auth/profile',
  'POST /api/auth/change-password',
  'GET /api/calendar-feed',
  'POST /api/calendar-feed',
  'DELETE /api/calendar-feed',
  'GET /api/notifications',
  'PUT /api/notifications/:id/read',
  'DELETE /api/notifications/:id',
  'GET /api/workspaces',
  'GET /api/workspaces/:id',
  'DELETE /api/workspaces/:id',
  'PATCH /api/workspaces/:id/archive',
  'POST /api/workspaces/:id/leave',
  'GET /api/workspaces/:id/members',
  'DELETE /api/workspaces/:id/members/:memberId',
  'GET /api/workspaces/:id/settings',
  'PATCH /api/workspaces/:id/settings',
  'GET /api/workspaces/:id/activity',
  'GET /api/workspaces/:id/changes',
  'POST /api/workspaces/:id/invite',
  'GET /api/workspaces/:id/invites',
  'GET /api/invites/pending',
  'POST /api/invites/:id/accept',
  'POST /api/invites/:id/decline',
  'DELETE /api/invites/:id',
  'POST /api/join/:token/accept',
  'POST /api/workspaces/:id/nda/accept',
  'POST /api/workspaces/:id/documents',
  'GET /api/workspaces/:id/documents',
  'GET /api/documents/:id/download',
  'GET /api/documents/:id/versions',
  'GET /api/documents/:id/versions/:version/download',
  'POST /api/documents/:id/check-out',
  'POST /api/documents/:id/check-in',
  'POST /api/documents/:id/force-release',
  'DELETE /api/documents/:id',
  'POST /api/workspaces/:id/tasks',
  'GET /api/workspaces/:id/tasks',
  'PATCH /api/tasks/:id',
  'POST /api/tasks/:id/requirement-changes/dismiss',
  'DELETE /api/tasks/:id',
  'POST /api/workspaces/:id/messages',
  'GET /api/workspaces/:id/messages',
  'PATCH /api/workspaces/:id/messages/:msgId',
  'DELETE /api/workspaces/:id/messages/:msgId',
  'GET /api/workspaces/:id/messages/:msgId/download',
  'POST /api/workspaces/:id/rfp/upload',
  'GET /api/workspaces/:id/rfp/solicitation',
  'GET /api/workspaces/:id/rfp/solicitations',
  'GET /api/workspaces/:id/rfp/amendments',
  'POST /api/workspaces/:id/rfp/analyze-draft',
  'GET /api/workspaces/:id/rfp/analysis',
  'GET /api/workspaces/:id/rfp/analyses',
  'POST /api/workspaces/:id/rfp/tasks',
  'GET /api/workspaces/:id/rfp/matrix',
  'GET /api/workspaces/:id/rfp/matrix/export',
  // A team's corrections of the requirements list; the workspace matrix decides who may make them.
  'PUT /api/workspaces/:id/rfp/solicitations/:solicitationId/requirements/:requirementId/correction',
  'DELETE /api/workspaces/:id/rfp/solicitations/:solicitationId/requirements/:requirementId/correction',
  'GET /api/workspaces/:id/rfp/corrections/export',
  // The workspace AI Tools tab; without workspace_id these are personal and refused in the service.
  'POST /api/documents/generate',
  'GET /api/documents',
  'GET /api/generated-documents/:id/export',
  'DELETE /api/generated-documents/:id',
]);

/** True when a guest may call the route (method and URL pattern as Fastify registers them). */
export function isGuestRoute(method: string, url: string): boolean {
  return GUEST_ROUTES.has(`${method} ${url}`);
}

/** Refuses a guest: for a route open to guests only for part of what it does (documents). */
export function assertInternal(ctx: AuthedCtx): void {
  if (ctx.actor.isGuest) throw forbidden(GUEST_REFUSAL);
}
