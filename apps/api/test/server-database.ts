import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
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
  drop(): Promise<void>;
}

export async function prepareServerDatabase(dataDir: string): Promise<ServerDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url && inject('pgTemplate')) {
    const name = `biddesk_t_srv_${randomBytes(6).toString('hex')}`;
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
    return {
      kind: 'postgres',
      env: { DATABASE_URL: withDatabase(url, name) },
      name,
      admin,
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const seeded = await PGlite.create({ dataDir: path.join(dataDir, 'pg'), loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
  await seeded.close();
  return { kind: 'pglite', env: {}, drop: async () => {} };
}
