import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { and, eq } from 'drizzle-orm';
import { savedOpportunities } from '../../db/schema/index';
import { savedAmong } from './saved-flags.repository';

/**
 * The listing's saved flags are read for all requests of one event-loop turn in one query
 * (saved-flags.repository.ts, issue 25 item 7): many users at once must each get exactly their own.
 */
const DAY = 86_400_000;
let t: TestApp;
const ids: string[] = [];
const people: { id: string; token: string; saved: Set<string> }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const now = Date.now();
  for (let i = 0; i < 6; i++) {
    ids.push(
      await createOpportunity(t.db, {
        noticeId: `${i}-batch-flags`,
        title: `Batch ${i}`,
        postedDate: new Date(now - (i + 1) * DAY),
        responseDeadline: new Date(now + 30 * DAY),
      }),
    );
  }
  // Five users, each with a different set of saves.
  for (let u = 0; u < 5; u++) {
    const { user, token } = await createUser(t.db, t.config);
    const saved = new Set(ids.filter((_, i) => i % 5 === u - 1 || i === u + 1));
    if (saved.size) await t.db.insert(savedOpportunities).values([...saved].map((opportunityId) => ({ userId: user.id, opportunityId })));
    people.push({ id: user.id, token, saved });
  }
});
afterAll(async () => {
  await t.close();
});

function decoded(res: LightMyRequestResponse) {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8')) as { data: { id: string; saved: boolean }[] };
}

describe('saved flags read together', () => {
  it('answers each caller of one turn with its own saves among its own ids', async () => {
    const asked = people.flatMap((p, n) => [ids, ids.slice(0, 3), [ids[5]!, ids[n]!]].map((wanted) => ({ p, wanted })));
    const answers = await Promise.all(asked.map(({ p, wanted }) => savedAmong(t.db, p.id, wanted)));
    answers.forEach((got, i) => {
      const { p, wanted } = asked[i]!;
      expect([...got].sort()).toEqual(wanted.filter((id) => p.saved.has(id)).sort());
    });
    expect(await savedAmong(t.db, people[1]!.id, [])).toEqual(new Set());
  });

  it('reads a save made while an earlier query runs, for a request that came after it', async () => {
    const [a, b] = [people[0]!, people[2]!];
    const fresh = ids.find((id) => !b.saved.has(id))!;
    // A query runs (sent at the end of this turn); B saves, then asks: B's read starts after its save.
    const first = savedAmong(t.db, a.id, ids);
    await new Promise((resolve) => setImmediate(resolve));
    await t.db.insert(savedOpportunities).values({ userId: b.id, opportunityId: fresh });
    try {
      const [got, again] = await Promise.all([savedAmong(t.db, b.id, ids), savedAmong(t.db, b.id, [fresh])]);
      expect([...got].sort()).toEqual([...b.saved, fresh].sort());
      expect([...again]).toEqual([fresh]);
      expect([...(await first)].sort()).toEqual(ids.filter((id) => a.saved.has(id)).sort());
    } finally {
      await t.db.delete(savedOpportunities).where(and(eq(savedOpportunities.userId, b.id), eq(savedOpportunities.opportunityId, fresh)));
    }
  });

  it('answers waves of callers arriving while queries run, each with its own saves', async () => {
    const waves: Promise<{ p: (typeof people)[number]; got: Set<string> }>[] = [];
    for (let wave = 0; wave < 4; wave++) {
      for (const p of people) waves.push(savedAmong(t.db, p.id, ids).then((got) => ({ p, got })));
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (const { p, got } of await Promise.all(waves)) expect([...got].sort()).toEqual(ids.filter((id) => p.saved.has(id)).sort());
  });

  it('gives each of many concurrent listing requests its own flags', async () => {
    const responses = await Promise.all(
      people
        .flatMap((p) => [p, p, p])
        .map((p) => t.injectAs(p.token, { method: 'GET', url: '/api/opportunities?limit=20' }).then((res) => ({ p, res }))),
    );
    for (const { p, res } of responses) {
      expect(res.statusCode).toBe(200);
      const body = decoded(res);
      expect(body.data.length).toBeGreaterThanOrEqual(ids.length);
      for (const row of body.data) expect({ id: row.id, saved: row.saved }).toEqual({ id: row.id, saved: p.saved.has(row.id) });
    }
  });
});
