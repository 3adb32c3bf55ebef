import { WORKSPACE_ABILITY_NAMES, WORKSPACE_ABILITIES, abilityRow, type WorkspaceAbility } from '@biddesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createDocument, testFileStore } from '../../../test/document-factories';
import { addMember, createGeneratedDocument, createInvite, createUser, createWorkspace } from '../../../test/factories';
import { validValue } from '../../../test/fuzz/cases';
import { routeName, routesFromOpenApi, type RouteSpec } from '../../../test/fuzz/openapi-routes';
import { createMessageWithFile } from '../../../test/message-factories';
import { multipartFile } from '../../../test/multipart';
import { createTask } from '../../../test/task-factories';
import type { AuthedCtx } from '../../lib/ctx';
import { AppError } from '../../lib/errors';
import * as ndaRepository from '../nda/nda.repository';
import { requireAbility, WORKSPACE_ARCHIVED } from './workspace-access';

/**
 * WORKSPACES.md §3 step 4, proved from the matrix rather than route by route: every ability whose
 * row says `write` is refused on an archived workspace by the one access call, and every mutating
 * route a member calls on a workspace (read from the app's own OpenAPI document, so a new route is
 * covered without being listed) answers 409 there, except the routes whose ability is not a write.
 */
let t: TestApp;
type Caller = Awaited<ReturnType<typeof createUser>>;
let owner: Caller;
let contributor: Caller;
let leaver: Caller;
let pending: Caller;
let archived: { id: string; opportunityId: string };
let ndaGated: { id: string };
let ids: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: process.env.ARCHIVED_TEST_LOG ?? 'silent' });
  owner = await createUser(t.db, t.config, { name: 'Archive Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Archive Contributor' });
  leaver = await createUser(t.db, t.config, { name: 'Archive Leaver' });
  pending = await createUser(t.db, t.config, { name: 'NDA Pending' });
  archived = await createWorkspace(t.db, owner.user.id, { archivedAt: new Date() });
  await addMember(t.db, archived.id, contributor.user.id, 'CONTRIBUTOR');
  await addMember(t.db, archived.id, leaver.user.id, 'CONTRIBUTOR');
  ndaGated = await createWorkspace(t.db, owner.user.id, { requireNda: true });
  await addMember(t.db, ndaGated.id, pending.user.id, 'CONTRIBUTOR', { ndaAccepted: false });

  const document = await createDocument(t, archived.id, owner.user.id, { checkedOutBy: owner.user.id, checkedOutAt: new Date(0) });
  const task = await createTask(t.db, archived.id, { createdBy: owner.user.id });
  const message = await createMessageWithFile(t.db, testFileStore(t), archived.id, owner.user.id);
  const invite = await createInvite(t.db, archived.id, 'invitee@example.com', { invitedBy: owner.user.id });
  const generated = await createGeneratedDocument(t.db, owner.user.id, { workspaceId: archived.id, documentType: 'proposal' });
  ids = {
    workspaces: archived.id,
    documents: document.id,
    tasks: task.id,
    messages: message.id,
    members: contributor.user.id,
    invites: invite.id,
    'generated-documents': generated,
  };
});
afterAll(async () => {
  await t?.close();
});

const ctxOf = (caller: Caller) => ({ db: t.db, actor: caller.user }) as unknown as AuthedCtx;

/** A target every conditional grant accepts: the caller's own row, a forward move, a viewer. */
const passingTarget = (caller: Caller) =>
  ({ createdBy: caller.user.id, from: 'TODO', to: 'IN_PROGRESS', targetRole: 'VIEWER', label: 'item' }) as const;

/** The answer of the access call: 'ok', or the refusal's status, code and detail. */
async function answer(
  caller: Caller,
  workspaceId: string,
  ability: WorkspaceAbility,
): Promise<'ok' | { status: number; code: string; detail: string }> {
  try {
    await requireAbility(ctxOf(caller), workspaceId, ability, passingTarget(caller));
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, code: err.code, detail: err.detail };
  }
}

/** A member whose role holds the ability on some target: the owner, or a contributor for leave. */
const holderOf = (ability: WorkspaceAbility) => (WORKSPACE_ABILITIES[ability].OWNER !== false ? owner : leaver);

describe('requireAbility reads the matrix row', () => {
  for (const ability of WORKSPACE_ABILITY_NAMES) {
    const { write, content } = abilityRow(ability);
    it(`${ability}: ${write ? 'refused' : 'allowed'} on an archived workspace`, async () => {
      const result = await answer(holderOf(ability), archived.id, ability);
      if (write) expect(result).toEqual({ status: 409, code: 'CONFLICT', detail: WORKSPACE_ARCHIVED });
      else expect(result).toBe('ok');
    });

    it(`${ability}: ${content ? 'gated' : 'not gated'} by an NDA the member has not accepted`, async () => {
      const result = await answer(pending, ndaGated.id, ability);
      if (content) expect(result).toMatchObject({ status: 403, code: 'NDA_REQUIRED' });
      else expect(result === 'ok' || result.code !== 'NDA_REQUIRED').toBe(true);
    });
  }

  it('still refuses a role the matrix does not grant, after the archived check passes', async () => {
    expect(await answer(contributor, archived.id, 'workspace.delete')).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      detail: 'Only the workspace owner can delete the workspace',
    });
  });
});

/**
 * Mutating routes that act on a workspace but whose ability is not a write, with that ability:
 * the test checks the matrix agrees, so this list cannot hide a forgotten write rule.
 */
const NOT_WRITES: Record<string, WorkspaceAbility> = {
  'PATCH /api/workspaces/{id}/archive': 'workspace.archive',
  'POST /api/workspaces/{id}/leave': 'workspace.leave',
  'DELETE /api/workspaces/{id}': 'workspace.delete',
};

/** Routes a member calls on a workspace or one of its rows (invitees' accept/decline are not). */
function isMemberRoute(route: RouteSpec): boolean {
  const [collection, id, rest] = route.path.replace(/^\/api\//, '').split('/');
  if (route.method === 'GET') return false;
  if (collection === 'workspaces') return id === '{id}';
  if (collection === 'invites') return route.method === 'DELETE' && rest === undefined; // the owner's revoke
  if (collection === 'documents') return id === '{id}' || id === 'generate';
  return collection === 'tasks' || collection === 'generated-documents';
}

describe('every mutating workspace route on an archived workspace', () => {
  const routesOf = () => routesFromOpenApi(t.app.swagger() as Parameters<typeof routesFromOpenApi>[0]).filter(isMemberRoute);

  it('finds the workspace routes in the OpenAPI document', () => {
    const names = routesOf().map(routeName);
    expect(names.length).toBeGreaterThan(20);
    expect(names).toEqual(expect.arrayContaining(Object.keys(NOT_WRITES)));
  });

  it('lists as not-writes only abilities whose matrix row is not a write', () => {
    for (const ability of Object.values(NOT_WRITES)) expect(abilityRow(ability).write, ability).toBe(false);
  });

  it('answers 409 "This workspace is archived" to every write, and lets the rest through', async () => {
    const nda = await ndaRepository.findCurrent(t.db);
    const named: Record<string, string> = {
      workspace_id: archived.id,
      opportunity_id: archived.opportunityId,
      document_type: 'proposal',
      assignee_user_id: contributor.user.id,
      nda_version_id: nda!.id,
      email: 'new@example.com',
      due_at: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const targets = {
      pathValue: (route: RouteSpec, param: string) =>
        ids[route.path.split('/')[route.path.split('/').indexOf(`{${param}}`) - 1] ?? ''] ?? '',
      namedValue: (name: string) => named[name],
      tokens: { user: owner.token, admin: owner.token },
      badAuthorizations: [],
    };
    // Deleting the workspace goes last: every other route needs it.
    const routes = routesOf().sort(
      (a, b) => Number(routeName(a) === 'DELETE /api/workspaces/{id}') - Number(routeName(b) === 'DELETE /api/workspaces/{id}'),
    );
    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const route of routes) {
      const name = routeName(route);
      let url = route.path;
      for (const param of route.pathParams) url = url.replace(`{${param}}`, encodeURIComponent(targets.pathValue(route, param)));
      const query = route.query
        .filter((q) => q.required || q.name === 'archive')
        .map((q) => `${q.name}=${encodeURIComponent(String(q.name === 'archive' ? 'true' : validValue(q.schema, q.name, targets)))}`);
      if (query.length) url += `?${query.join('&')}`;
      const body = route.multipart
        ? multipartFile('file', 'notes.pdf', Buffer.from('%PDF-1.4 archived'))
        : route.jsonBody
          ? { payload: JSON.stringify(validValue(route.jsonBody, 'body', targets)), headers: { 'content-type': 'application/json' } }
          : { payload: undefined, headers: {} };
      const token = name === 'POST /api/workspaces/{id}/leave' ? leaver.token : owner.token;
      const res = await t.injectAs(token, { method: route.method as 'POST', url, payload: body.payload, headers: body.headers });
      const detail = res.statusCode >= 400 ? String((res.json() as { detail?: string }).detail) : '';
      answers[name] =
        res.statusCode === 409 && detail === WORKSPACE_ARCHIVED
          ? 'archived'
          : res.statusCode < 400
            ? 'allowed'
            : `${res.statusCode} ${detail}`;
      expected[name] = name in NOT_WRITES ? 'allowed' : 'archived';
    }
    expect(answers).toEqual(expected);
  });
});
