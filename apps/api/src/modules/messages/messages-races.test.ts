import { setTimeout as sleep } from 'node:timers/promises';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createUser, createWorkspace } from '../../../test/factories';
import { chatMultipart } from '../../../test/message-factories';
import { chatMessages } from '../../db/schema/index';
import * as messagesRepository from './messages.repository';

/**
 * WORKSPACES.md §5: chat pages read while messages are being inserted show no duplicate and no gap.
 * These run on both databases; on PostgreSQL (TEST_DATABASE_URL) the requests really overlap.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let writers: Awaited<ReturnType<typeof createUser>>[];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  writers = [];
  for (let i = 0; i < 4; i++) writers.push(await createUser(t.db, t.config, { name: `Writer ${i}` }));
});
afterAll(async () => {
  await t.close();
});

async function workspaceWithWriters() {
  const ws = await createWorkspace(t.db, owner.user.id);
  for (const w of writers) await addMember(t.db, ws.id, w.user.id, 'CONTRIBUTOR');
  return ws.id;
}

const post = (workspaceId: string, i: number) =>
  t.injectAs(writers[i % writers.length]!.token, {
    method: 'POST',
    url: `/api/workspaces/${workspaceId}/messages`,
    ...chatMultipart({ message: `msg ${i}` }),
  });

async function list(workspaceId: string, query: string): Promise<string[]> {
  const res = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${workspaceId}/messages${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages.map((m: { id: string }) => m.id);
}

/** Every message id in the workspace, in the order the API pages by. */
async function allIds(workspaceId: string): Promise<string[]> {
  const rows = await t.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.workspaceId, workspaceId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
  return rows.map((r) => r.id);
}

/** Runs `n` posts, `parallel` at a time, after `pause` lets a reader start. */
async function writeMany(workspaceId: string, from: number, n: number, parallel = 10) {
  for (let i = from; i < from + n; i += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, from + n - i) }, (_, k) => post(workspaceId, i + k)));
    for (const r of batch) expect(r.statusCode).toBe(201);
  }
}

describe('chat paging under concurrent inserts', () => {
  it('Load More with before= while others write: every older message once, no gap', async () => {
    const ws = await workspaceWithWriters();
    await writeMany(ws, 0, 60);
    const first = await list(ws, '?limit=10');
    const writing = writeMany(ws, 1000, 60);
    const seen = [...first];
    let cursor = first[0];
    for (;;) {
      const older = await list(ws, `?before=${cursor}&limit=7`);
      if (older.length === 0) break;
      seen.unshift(...older);
      cursor = older[0];
      await sleep(1);
    }
    await writing;
    expect(new Set(seen).size).toBe(seen.length);
    const everything = await allIds(ws);
    expect(seen).toEqual(everything.slice(0, everything.indexOf(first.at(-1)!) + 1));
    expect(seen).toHaveLength(60);
  });

  it('a poller with after=<newest id> sees every message exactly once while 80 are posted concurrently', async () => {
    const ws = await workspaceWithWriters();
    await writeMany(ws, 0, 3);
    const seen = await list(ws, '');
    let done = false;
    const writing = writeMany(ws, 100, 80, 16).finally(() => {
      done = true;
    });
    const poll = async () => seen.push(...(await list(ws, `?after=${seen.at(-1)}&limit=100`)));
    while (!done) {
      await poll();
      await sleep(2);
    }
    await writing;
    await poll();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(await allIds(ws));
    expect(seen).toHaveLength(83);
  });

  it('a message whose transaction commits late still sorts before later ones, so an after= poller cannot skip it', async () => {
    const ws = await workspaceWithWriters();
    const seen = await list(ws, '');
    // A slow sender: its insert holds the transaction open while a quick sender posts.
    const slow = t.db.transaction(async (tx) => {
      const row = await messagesRepository.insert(tx, {
        workspaceId: ws,
        userId: writers[0]!.user.id,
        authorName: 'Writer 0',
        message: 'slow',
        fileKey: null,
        fileName: null,
        fileSize: null,
      });
      await sleep(300);
      return row;
    });
    await sleep(50);
    let done = false;
    const both = Promise.all([slow, post(ws, 1)]).finally(() => {
      done = true;
    });
    const pollOnce = async () => {
      const cursor = seen.at(-1);
      seen.push(...(await list(ws, cursor ? `?after=${cursor}` : '')));
    };
    // Poll all the time both are in flight: without the ordering guarantee the quick message would be
    // seen first and the slow one, committed later with an earlier timestamp, never.
    while (!done) {
      await pollOnce();
      await sleep(10);
    }
    await both;
    await pollOnce();
    const everything = await allIds(ws);
    expect(everything).toHaveLength(2);
    expect(seen).toEqual(everything);
  });
});
