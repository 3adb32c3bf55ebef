import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { createDocument } from '../../../test/document-factories';
import { createTask } from '../../../test/task-factories';

/** GET /workspaces/{id}/changes (issue 21 item 3): what another member changed since my cursor. */

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let owner: U;
let contributor: U;
let viewer: U;
let pending: U;
let outsider: U;
let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  contributor = await createUser(t.db, t.config, { name: 'Carl Contributor' });
  viewer = await createUser(t.db, t.config, { name: 'Vera Viewer' });
  pending = await createUser(t.db, t.config, { name: 'Nina NDA-pending' });
  outsider = await createUser(t.db, t.config, { name: 'Oscar Outsider' });
  workspaceId = (await createWorkspace(t.db, owner.user.id, { name: 'Navy bid' })).id;
  await addMember(t.db, workspaceId, contributor.user.id, 'CONTRIBUTOR');
  await addMember(t.db, workspaceId, viewer.user.id, 'VIEWER');
  await addMember(t.db, workspaceId, pending.user.id, 'REVIEWER', { ndaAccepted: false });
  otherWorkspaceId = (await createWorkspace(t.db, outsider.user.id, { name: 'Elsewhere' })).id;
});
afterAll(async () => {
  await t.close();
});

const changes = (token: string | null, since?: string, wsId = workspaceId) =>
  t.injectAs(token, {
    method: 'GET',
    url: `/api/workspaces/${wsId}/changes${since === undefined ? '' : `?since=${encodeURIComponent(since)}`}`,
  });

/** A cursor taken now (not the first call's look-back one), so only what follows is reported. */
async function cursorNow(token: string, wsId = workspaceId): Promise<string> {
  const first = (await changes(token, undefined, wsId)).json();
  const res = await changes(token, first.cursor, wsId);
  expect(res.statusCode).toBe(200);
  return res.json().cursor;
}

/** Polls until an area shows: the cursor stops before transactions still open, so wait on the condition. */
async function pollUntilChanged(token: string, since: string, area: string, wsId = workspaceId): Promise<string[]> {
  for (let i = 0; i < 200; i++) {
    const body = (await changes(token, since, wsId)).json();
    if (body.changed.includes(area)) return body.changed;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${area} never reported`);
}

describe('GET /workspaces/{id}/changes', () => {
  it('answers a cursor and nothing changed on a first call', async () => {
    const res = await changes(contributor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cursor: expect.stringMatching(/^\d+$/), changed: [] });
  });

  it("shows member A's check-out to member B's cursor, and only the areas that changed", async () => {
    const doc = await createDocument(t, workspaceId, owner.user.id, { name: 'volume-1.docx' });
    const since = await cursorNow(viewer.token);
    const checkOut = await t.injectAs(contributor.token, { method: 'POST', url: `/api/documents/${doc.id}/check-out` });
    expect(checkOut.statusCode).toBe(200);
    const changed = await pollUntilChanged(viewer.token, since, 'documents');
    expect(changed).not.toContain('tasks');
    expect(changed).not.toContain('members');
  });

  it("shows member A's task move to member B, and nothing once B has caught up", async () => {
    const task = await createTask(t.db, workspaceId, { title: 'Draft volume 1', createdBy: owner.user.id });
    const since = await cursorNow(viewer.token);
    const move = await t.injectAs(contributor.token, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: 'IN_PROGRESS' } });
    expect(move.statusCode).toBe(200);
    const changed = await pollUntilChanged(viewer.token, since, 'tasks');
    expect(changed).not.toContain('documents');
    // Once B's cursor has passed the move, nothing further is reported.
    let cursor = since;
    for (let i = 0; i < 200; i++) {
      const body = (await changes(viewer.token, cursor)).json();
      if (body.changed.length === 0) break;
      cursor = body.cursor;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await changes(viewer.token, cursor)).json().changed).toEqual([]);
  });

  it('reports invitations to the owner only', async () => {
    const ownerSince = await cursorNow(owner.token);
    const viewerSince = await cursorNow(viewer.token);
    const invite = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${workspaceId}/invite`,
      payload: { email: 'new.person@example.com', role: 'VIEWER' },
    });
    expect(invite.statusCode).toBe(201);
    await pollUntilChanged(owner.token, ownerSince, 'invites');
    const toViewer = (await changes(viewer.token, viewerSince)).json();
    expect(toViewer.changed).not.toContain('invites');
  });

  it('never reports another workspace', async () => {
    const since = await cursorNow(contributor.token);
    const outsiderSince = await cursorNow(outsider.token, otherWorkspaceId);
    const task = await createTask(t.db, otherWorkspaceId, { title: 'Not yours', createdBy: outsider.user.id });
    const move = await t.injectAs(outsider.token, { method: 'PATCH', url: `/api/tasks/${task.id}`, payload: { status: 'IN_PROGRESS' } });
    expect(move.statusCode).toBe(200);
    await pollUntilChanged(outsider.token, outsiderSince, 'tasks', otherWorkspaceId);
    expect((await changes(contributor.token, since)).json().changed).toEqual([]);
  });

  it('answers 401 without a token, 403 to a non-member, 403 NDA_REQUIRED before the NDA, 404 for an unknown workspace', async () => {
    expect((await changes(null)).statusCode).toBe(401);
    const stranger = await changes(outsider.token);
    expect([stranger.statusCode, stranger.json().detail]).toEqual([403, 'Access denied to this workspace']);
    const gated = await changes(pending.token);
    expect([gated.statusCode, gated.json().code]).toEqual([403, 'NDA_REQUIRED']);
    const unknown = await changes(owner.token, undefined, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a malformed cursor with 400 and a readable detail', async () => {
    for (const bad of ['', 'abc', '-5', '1.5', '9'.repeat(18)]) {
      const res = await changes(owner.token, bad);
      expect([res.statusCode, res.json().detail]).toEqual([400, 'since must be the cursor of an earlier changes answer']);
    }
  });

  it('reports every area the caller may see for a cursor too old to read row by row', async () => {
    const res = await changes(viewer.token, '1');
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toEqual(['workspace', 'members', 'documents', 'tasks', 'rfp', 'generated', 'chat']);
  });
});
