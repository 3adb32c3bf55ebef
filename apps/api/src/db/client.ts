import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database handle every repository takes; a transaction has the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations not yet applied (all of them to a database re-created empty). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/** Opens PostgreSQL when `databaseUrl` is set, otherwise PGlite persisted in `dataDir/pg`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client losing its connection (server restart, admin kill) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.error(`database connection error: ${err.message}`));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const migrate = () => migrateOnce(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    await migrate();
    return { db: db as unknown as Db, kind: 'postgres', migrate, close: () => pool.end() };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.join(opts.dataDir ?? './data', 'pg');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  // ANALYZE samples 300 x this many rows. PGlite runs every statement on the server's only thread,
  // so the ANALYZE after a 58,000-row import held every request for 6 s on a quiet machine and ~60 s
  // under load (issue 21 item 13); at 10 it samples 3,000 rows and takes ~0.3 s, and the listing's
  // plans and times stayed the same (bench/README.md). PostgreSQL keeps its default: it analyzes in
  // its own processes.
  await client.exec('set default_statistics_target = 10');
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  const migrate = () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  await migrate();
  const owned = client;
  return { db: db as unknown as Db, kind: 'pglite', migrate, close: () => owned.close() };
}

/** An arbitrary constant shared by every process of one deployment. */
const MIGRATION_LOCK = 7_240_000;

/**
 * Several API processes starting together on one PostgreSQL would each run the pending migrations
 * at once (the second failing on "relation already exists"). A session lock held on its own
 * connection for the whole run makes the others wait, then find nothing left to apply.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    lock.release();
  }
}
