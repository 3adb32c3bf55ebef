import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, createWorkspace } from '../../../test/factories';
import { createMessage } from '../../../test/message-factories';

/** GET /workspaces/{id}/messages: SPEC skip/limit from the newest, and the before/after cursors (WORKSPACES.md §1). */

const N = 120;
let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let workspaceId: string;
/** The N messages, oldest first. */
let ids: string[];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config);
  workspaceId = (await createWorkspace(t.db, owner.user.id)).id;
  const base = Date.now() - N * 1000;
  ids = [];
  for (let i = 0; i < N; i++) {
    ids.push((await createMessage(t.db, workspaceId, owner.user.id, { message: `m${i}`, createdAt: new Date(base + i * 1000) })).id);
  }
});
afterAll(async () => {
  await t.close();
});

async function page(query: string) {
  const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/messages${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { messages: { id: string }[]; total: number };
  return { ids: body.messages.map((m) => m.id), total: body.total };
}

describe('skip and limit (SPEC §7: defaults 0 and 50)', () => {
  it('answers the latest 50, oldest first, with the total', async () => {
    expect(await page('')).toEqual({ ids: ids.slice(N - 50), total: N });
  });

  it('counts skip from the newest message', async () => {
    expect((await page('?skip=50&limit=50')).ids).toEqual(ids.slice(N - 100, N - 50));
    expect((await page('?skip=100&limit=50')).ids).toEqual(ids.slice(0, N - 100));
    expect((await page('?skip=500')).ids).toEqual([]);
    expect((await page('?limit=100')).ids).toEqual(ids.slice(N - 100));
  });

  it.each(['?limit=101', '?limit=0', '?skip=-1', '?limit=abc'])('refuses %s with 400', async (q) => {
    const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/messages${q}` });
    expect(res.statusCode).toBe(400);
  });
});

describe('cursors', () => {
  it('walks back with before=<oldest id> to the first message: every message once, in order', async () => {
    const first = await page('?limit=50');
    const seen = [...first.ids];
    let cursor = first.ids[0];
    for (;;) {
      const older = await page(`?before=${cursor}&limit=50`);
      if (older.ids.length === 0) break;
      seen.unshift(...older.ids);
      cursor = older.ids[0];
    }
    expect(seen).toEqual(ids);
  });

  it('answers the limit messages just older than the cursor', async () => {
    expect((await page(`?before=${ids[60]}&limit=10`)).ids).toEqual(ids.slice(50, 60));
    expect((await page(`?before=${ids[0]}`)).ids).toEqual([]);
  });

  it('answers what is newer than after=<id>, oldest first, up to limit', async () => {
    expect((await page(`?after=${ids[100]}`)).ids).toEqual(ids.slice(101));
    expect((await page(`?after=${ids[10]}&limit=5`)).ids).toEqual(ids.slice(11, 16));
    expect((await page(`?after=${ids[N - 1]}`)).ids).toEqual([]);
  });

  it('orders messages with the same timestamp by id, so a cursor between them neither repeats nor skips', async () => {
    const ws = (await createWorkspace(t.db, owner.user.id)).id;
    const at = new Date();
    const same: string[] = [];
    for (let i = 0; i < 6; i++) same.push((await createMessage(t.db, ws, owner.user.id, { createdAt: at })).id);
    same.sort();
    const get = async (q: string) =>
      (await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws}/messages${q}` }))
        .json()
        .messages.map((m: { id: string }) => m.id);
    expect(await get('')).toEqual(same);
    expect(await get(`?before=${same[3]}`)).toEqual(same.slice(0, 3));
    expect(await get(`?after=${same[3]}`)).toEqual(same.slice(4));
  });

  it('refuses an unknown, malformed or foreign cursor, and both cursors at once, with 400', async () => {
    const other = (await createWorkspace(t.db, owner.user.id)).id;
    const foreign = (await createMessage(t.db, other, owner.user.id)).id;
    for (const q of [
      `?before=${randomUUID()}`,
      '?after=nope',
      `?after=${foreign}`,
      `?before=${foreign}`,
      `?before=${ids[5]}&after=${ids[6]}`,
    ]) {
      const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/messages${q}` });
      expect({ q, status: res.statusCode }).toEqual({ q, status: 400 });
    }
  });
});
