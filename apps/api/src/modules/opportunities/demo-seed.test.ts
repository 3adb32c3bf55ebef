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
  it('loads the real rows once, shifting dates so the newest posting is now', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-seed-'));
    const messages: string[] = [];
    const now = new Date('2026-11-23T12:00:00Z');
    const result = await seedDemoData(database.db, dataDir, { info: (m) => messages.push(m) }, now);
    expect(result?.seeded).toBe(3882);
    expect(result!.shiftDays).toBeGreaterThan(100);
    expect((await repo.latestPostedDate(database.db))?.toISOString()).toBe(now.toISOString());
    expect(messages[0]).toContain('shifted by');
    const stats = await repo.stats(database.db, '00000000-0000-0000-0000-000000000000', now);
    expect(stats.open).toBeGreaterThan(100);
    expect(stats.recentlyUpdated).toBeGreaterThan(0);

    // Second start: the marker file stops it, even after the data is cleared.
    await repo.deleteAll(database.db);
    expect(await seedDemoData(database.db, dataDir, { info: () => {} }, now)).toBeNull();
    expect(await repo.countAll(database.db)).toBe(0);
  });
});
