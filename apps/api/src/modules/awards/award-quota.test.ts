import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { DbDailyQuota } from './award-quota';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('DbDailyQuota', () => {
  it('gives exactly the limit to 30 takes at once, across a shared count', async () => {
    const day = () => new Date('2026-11-28T12:00:00Z');
    // Two "processes": two quota objects over one database.
    const a = new DbDailyQuota(database.db, 'test-api', 10, day);
    const b = new DbDailyQuota(database.db, 'test-api', 10, day);
    const taken = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).take()));
    expect(taken.filter(Boolean)).toHaveLength(10);
    expect(await a.usage()).toEqual({ day: '2026-11-28', used: 10, limit: 10 });
    expect(await b.take()).toBe(false);
  });

  it('starts again the next UTC day, and exhaust ends a day early', async () => {
    let now = new Date('2026-11-29T23:59:00Z');
    const q = new DbDailyQuota(database.db, 'test-api-2', 3, () => now);
    expect(await q.take()).toBe(true);
    await q.exhaust();
    expect(await q.take()).toBe(false);
    expect((await q.usage()).used).toBe(3);
    now = new Date('2026-11-30T00:00:01Z');
    expect(await q.take()).toBe(true);
    expect(await q.usage()).toEqual({ day: '2026-11-30', used: 1, limit: 3 });
  });

  it('takes nothing with a limit of 0', async () => {
    const q = new DbDailyQuota(database.db, 'test-api-3', 0);
    expect(await q.take()).toBe(false);
  });
});
