import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { withDatabase } from './global-setup';

/**
 * A migrated database for a real server process (`src/server.ts` as a child): a PostgreSQL
 * database cloned from the run's template when the run has TEST_DATABASE_URL, else the embedded
 * PGlite restored into `dataDir/pg`. `env` is what the server needs to open it.
 */
export interface ServerDatabase {
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  /** PostgreSQL only: the database's name and a connection to the server's `postgres` maintenance role. */
  name?: string;
  admin?: pg.Client;
  /** Opens it from this process (to prepare rows before the server starts, or read them after it stopped). */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

export async function prepareServerDatabase(dataDir: string, namePrefix = 'biddesk_t_srv'): Promise<ServerDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && inject('pgTemplate')) {
    const name = `${namePrefix}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        // Another file is cloning the same template at this moment.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const databaseUrl = withDatabase(url, name);
    return {
      kind: 'postgres',
      env: { DATABASE_URL: databaseUrl },
      name,
      admin,
      open: () => openDatabase({ databaseUrl }),
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const pgDir = path.join(dataDir, 'pg');
  const seeded = await PGlite.create({ dataDir: pgDir, loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
  await seeded.close();
  return { kind: 'pglite', env: {}, open: async () => openDatabase({ pglite: await PGlite.create(pgDir) }), drop: async () => {} };
}
