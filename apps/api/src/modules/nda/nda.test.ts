import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { ndaAcceptances, ndaVersions } from '../../db/schema/index';

const NDA_TEXT = readFileSync(path.join(__dirname, 'mutual-nda-v1.md'), 'utf8');
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let v1: { id: string; version: number; body_markdown: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  v1 = (await t.injectAs(null, { method: 'GET', url: '/api/nda/current' })).json();
});
afterAll(async () => {
  await t.close();
});

const accept = (app: TestApp, token: string, workspaceId: string, versionId: string | undefined, headers: Record<string, string> = {}) =>
  app.injectAs(token, {
    method: 'POST',
    url: `/api/workspaces/${workspaceId}/nda/accept${versionId === undefined ? '' : `?nda_version_id=${versionId}`}`,
    headers,
  });
const members = (app: TestApp, token: string, workspaceId: string) =>
  app.injectAs(token, { method: 'GET', url: `/api/workspaces/${workspaceId}/members` });
const acceptancesOf = (app: TestApp, userId: string) => app.db.select().from(ndaAcceptances).where(eq(ndaAcceptances.userId, userId));

/** A workspace owned by `owner` with one NDA-pending contributor. */
async function pendingMember(app: TestApp = t, ownerId = owner.user.id) {
  const member = await createUser(app.db, app.config, { name: 'Pat Pending', email: `pat-${randomUUID().slice(0, 8)}@example.com` });
  const ws = await createWorkspace(app.db, ownerId, { name: 'NDA workspace' });
  await addMember(app.db, ws.id, member.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
  return { member, ws };
}

describe('GET /nda/current', () => {
  it('is public and returns version 1, word for word the shipped mutual NDA', async () => {
    const res = await t.injectAs(null, { method: 'GET', url: '/api/nda/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(String),
      title: 'Mutual Non-Disclosure Agreement',
      body_markdown: NDA_TEXT,
      version: 1,
      effective_at: expect.any(String),
    });
    expect(NDA_TEXT.length).toBeGreaterThan(2000);
    const [row] = await t.db.select().from(ndaVersions).where(eq(ndaVersions.id, v1.id));
    expect(row!.sha256).toBe(sha256(NDA_TEXT));
  });
});

describe('POST /workspaces/{id}/nda/accept', () => {
  it('refuses a version that is not in force (409) or malformed (400); the member stays gated', async () => {
    const { member, ws } = await pendingMember();
    const wrong = await accept(t, member.token, ws.id, randomUUID());
    expect([wrong.statusCode, wrong.json().detail]).toEqual([
      409,
      'This NDA version is no longer in force. Please review the current version.',
    ]);
    const bad = await accept(t, member.token, ws.id, 'v1');
    expect([bad.statusCode, bad.json().detail]).toEqual([400, 'nda_version_id must be the id of an NDA version']);
    expect((await accept(t, member.token, ws.id, undefined)).statusCode).toBe(400);
    expect((await members(t, member.token, ws.id)).json().code).toBe('NDA_REQUIRED');
    expect(await acceptancesOf(t, member.user.id)).toEqual([]);
  });

  it('records the SHA-256 of the exact text, IP and user agent, opens the workspace, and keeps the record after the member leaves', async () => {
    const { member, ws } = await pendingMember();
    const gated = await t.injectAs(member.token, { method: 'GET', url: `/api/workspaces/${ws.id}` });
    // Before the NDA the header says nothing of what is inside (issue 21 item 24).
    expect(gated.json()).toMatchObject({ nda_required: true, document_count: null, open_task_count: null });
    expect(
      (await t.injectAs(member.token, { method: 'GET', url: '/api/workspaces' })).json().find((w: { id: string }) => w.id === ws.id),
    ).toMatchObject({ document_count: null, open_task_count: null });
    const res = await accept(t, member.token, ws.id, v1.id, { 'user-agent': 'NdaTest/1.0 (evidence)' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'NDA accepted successfully', nda_accepted_at: expect.any(String) });

    const rows = await acceptancesOf(t, member.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ndaVersionId: v1.id,
      textSha256: sha256(NDA_TEXT),
      workspaceId: ws.id,
      workspaceName: 'NDA workspace',
      userName: 'Pat Pending',
      userEmail: member.user.email,
      ip: '127.0.0.1',
      userAgent: 'NdaTest/1.0 (evidence)',
    });
    expect(rows[0]!.acceptedAt.toISOString()).toBe(res.json().nda_accepted_at);
    expect((await members(t, member.token, ws.id)).statusCode).toBe(200);
    expect((await t.injectAs(member.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json()).toMatchObject({
      nda_required: false,
      document_count: 0,
      open_task_count: 0,
    });
    const list = (await members(t, owner.token, ws.id)).json() as { user_id: string; nda_accepted_at: string | null }[];
    expect(list.find((m) => m.user_id === member.user.id)!.nda_accepted_at).toBe(res.json().nda_accepted_at);

    expect((await t.injectAs(member.token, { method: 'POST', url: `/api/workspaces/${ws.id}/leave` })).statusCode).toBe(200);
    expect(await acceptancesOf(t, member.user.id)).toEqual(rows);
  });

  it('needs a member of the workspace (403) and a login (401)', async () => {
    const { ws } = await pendingMember();
    const outsider = await createUser(t.db, t.config);
    const res = await accept(t, outsider.token, ws.id, v1.id);
    expect([res.statusCode, res.json().detail]).toEqual([403, 'Access denied to this workspace']);
    expect(await acceptancesOf(t, outsider.user.id)).toEqual([]);
    expect(
      (await t.injectAs(null, { method: 'POST', url: `/api/workspaces/${ws.id}/nda/accept?nda_version_id=${v1.id}` })).statusCode,
    ).toBe(401);
  });

  it('is refused in an archived workspace (409) and records nothing; the member stays gated', async () => {
    const { member, ws } = await pendingMember();
    expect((await t.injectAs(owner.token, { method: 'PATCH', url: `/api/workspaces/${ws.id}/archive?archive=true` })).statusCode).toBe(200);
    const res = await accept(t, member.token, ws.id, v1.id);
    expect([res.statusCode, res.json().detail]).toEqual([409, 'This workspace is archived']);
    expect(await acceptancesOf(t, member.user.id)).toEqual([]);
    expect((await members(t, member.token, ws.id)).json().code).toBe('NDA_REQUIRED');
    // Restored, the same acceptance goes through.
    expect((await t.injectAs(owner.token, { method: 'PATCH', url: `/api/workspaces/${ws.id}/archive?archive=false` })).statusCode).toBe(
      200,
    );
    expect((await accept(t, member.token, ws.id, v1.id)).statusCode).toBe(200);
    expect(await acceptancesOf(t, member.user.id)).toHaveLength(1);
  });

  it('never gates the owner', async () => {
    const ws = await createWorkspace(t.db, owner.user.id, { requireNda: true });
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json()).toMatchObject({
      require_nda: true,
      nda_required: false,
    });
    expect((await members(t, owner.token, ws.id)).statusCode).toBe(200);
  });
});

describe('a new NDA version', () => {
  it('gates again a member who accepted version 1 (not the owner), until they accept version 2; a future version does not gate yet', async () => {
    const local = await buildTestApp();
    try {
      const boss = await createUser(local.db, local.config, { name: 'Boss' });
      const { member, ws } = await pendingMember(local, boss.user.id);
      const first = (await local.injectAs(null, { method: 'GET', url: '/api/nda/current' })).json();
      expect((await accept(local, member.token, ws.id, first.id)).statusCode).toBe(200);
      expect((await members(local, member.token, ws.id)).statusCode).toBe(200);

      // Published for later: nothing changes today.
      const later = `${first.body_markdown}\n\n(Future amendment)\n`;
      await local.db.insert(ndaVersions).values({
        title: 'Mutual Non-Disclosure Agreement',
        bodyMarkdown: later,
        version: 3,
        effectiveAt: new Date(Date.now() + 86_400_000),
        sha256: sha256(later),
      });
      expect((await members(local, member.token, ws.id)).statusCode).toBe(200);

      const text2 = `${first.body_markdown}\n\n## Amendment\n\nVersion 2 adds this clause.\n`;
      const [v2] = await local.db
        .insert(ndaVersions)
        .values({
          title: 'Mutual Non-Disclosure Agreement',
          bodyMarkdown: text2,
          version: 2,
          effectiveAt: new Date(Date.now() - 1000),
          sha256: sha256(text2),
        })
        .returning();
      const current = (await local.injectAs(null, { method: 'GET', url: '/api/nda/current' })).json();
      expect(current).toMatchObject({ id: v2!.id, version: 2, body_markdown: text2 });

      const gated = await members(local, member.token, ws.id);
      expect([gated.statusCode, gated.json().code]).toEqual([403, 'NDA_REQUIRED']);
      expect((await local.injectAs(member.token, { method: 'GET', url: `/api/workspaces/${ws.id}` })).json()).toMatchObject({
        nda_required: true,
      });
      expect((await members(local, boss.token, ws.id)).statusCode).toBe(200);

      const stale = await accept(local, member.token, ws.id, first.id);
      expect(stale.statusCode).toBe(409);
      expect((await members(local, member.token, ws.id)).statusCode).toBe(403);

      expect((await accept(local, member.token, ws.id, v2!.id)).statusCode).toBe(200);
      expect((await members(local, member.token, ws.id)).statusCode).toBe(200);
      const evidence = await acceptancesOf(local, member.user.id);
      expect(evidence.map((e) => [e.ndaVersionId, e.textSha256]).sort()).toEqual(
        [
          [first.id, sha256(first.body_markdown)],
          [v2!.id, sha256(text2)],
        ].sort(),
      );
    } finally {
      await local.close();
    }
  });
});
