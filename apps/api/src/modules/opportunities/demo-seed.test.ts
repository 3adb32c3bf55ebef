import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { seedDemoData } from './demo-seed';
import * as repo from './opportunities.repository';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('seedDemoData', () => {
  it('loads the real rows once, shifting dates by whole days so the newest posting is within the last day', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-seed-'));
    const messages: string[] = [];
    const now = new Date('2026-11-23T12:00:00Z');
    const result = await seedDemoData(database.db, dataDir, { info: (m) => messages.push(m) }, now);
    expect(result?.seeded).toBe(3882);
    expect(result!.shiftDays).toBeGreaterThan(100);
    const newest = (await repo.latestPostedDate(database.db))!;
    expect(now.getTime() - newest.getTime()).toBeGreaterThanOrEqual(0);
    expect(now.getTime() - newest.getTime()).toBeLessThan(86_400_000);
    // Whole days: the newest real posting (2026-04-24 23:24:04.649-04) keeps its time of day.
    expect(newest.toISOString().slice(11)).toBe('03:24:04.649Z');
    expect(messages[0]).toContain('shifted by');
    const stats = await repo.stats(database.db, '00000000-0000-0000-0000-000000000000', now);
    expect(stats.open).toBeGreaterThan(100);
    expect(stats.recentlyUpdated).toBeGreaterThan(0);

    // Second start: the marker file stops it, even after the data is cleared.
    await repo.deleteAll(database.db);
    expect(await seedDemoData(database.db, dataDir, { info: () => {} }, now)).toBeNull();
    expect(await repo.countAll(database.db)).toBe(0);
    // Importing 3,882 rows into PGlite on a busy 2-core machine: a ceiling, not a speed check.
  }, 120_000);
});
