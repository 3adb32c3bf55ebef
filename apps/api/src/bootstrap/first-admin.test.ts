import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { verifyPassword } from '../lib/password';
import { openTestDatabase } from '../../test/test-database';
import { ensureFirstAdmin } from './first-admin';

const log = pino({ level: 'silent' });
const base = { DATA_DIR: '/tmp/biddesk-test-unused', JWT_SECRET: 'x'.repeat(40) };
let database: Database;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('ensureFirstAdmin', () => {
  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD once', async () => {
    const config = loadConfig({ ...base, ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'secret1' });
    expect(await ensureFirstAdmin(database.db, config, log)).toEqual({ created: true, email: 'boss@example.com' });
    expect(await ensureFirstAdmin(database.db, config, log)).toEqual({ created: false });
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    expect(rows[0].role).toBe('admin');
    expect(await verifyPassword('secret1', rows[0].passwordHash)).toBe(true);
  });

  it('creates an admin with a random password on an empty database without the variables', async () => {
    const result = await ensureFirstAdmin(database.db, loadConfig(base), log);
    expect(result.created).toBe(true);
    if (!result.created || !result.generatedPassword) throw new Error('expected generated credentials');
    expect(result.generatedPassword.length).toBeGreaterThanOrEqual(12);
    const [row] = await database.db.select().from(users);
    expect(row.role).toBe('admin');
    expect(await verifyPassword(result.generatedPassword, row.passwordHash)).toBe(true);
  });

  it('creates one admin when several starts ask at once (separate connections on PostgreSQL)', async () => {
    const config = loadConfig({ ...base, ADMIN_EMAIL: 'race@example.com', ADMIN_PASSWORD: 'secret1' });
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureFirstAdmin(database.db, config, log)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });
});
