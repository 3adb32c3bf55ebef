import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_VERSION } from '@biddesk/shared';
import { MIGRATIONS_DIR, type Db } from '../../db/client';
import { databaseAnswers, newestAppliedMigration } from './health.repository';

const HealthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  /** The engine (pglite, postgres), or `down` when it does not answer. */
  database: z.string(),
  /** `ok` when the newest migration of this version is applied. */
  schema: z.enum(['ok', 'outdated', 'missing', 'unknown']),
  redis: z.enum(['ok', 'down', 'not configured']),
  detail: z.string().optional(),
});
type Health = z.infer<typeof HealthSchema>;

/** The `when` of this version's newest migration: drizzle records it as the applied row's created_at. */
const NEWEST_MIGRATION = Math.max(
  ...(JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  ),
);

async function schemaState(db: Db): Promise<Health['schema']> {
  try {
    return (await newestAppliedMigration(db)) >= NEWEST_MIGRATION ? 'ok' : 'outdated';
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    return code === '42P01' || code === '3F000' ? 'missing' : 'unknown';
  }
}

async function redisState(redis: Redis | null): Promise<Health['redis']> {
  if (!redis) return 'not configured';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => (timer = setTimeout(() => resolve('down'), 2000)));
  try {
    return await Promise.race([
      redis.ping().then(
        (pong) => (pong === 'PONG' ? 'ok' : 'down') as 'ok' | 'down',
        () => 'down' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: the process is up, the database answers with this version's schema, and Redis
 * answers when configured (issue 21 item 17). 503 with what is wrong otherwise, so a load balancer
 * or monitor sees an outage; missing tables are migrated again (a database dropped and re-created).
 */
export const healthRoutes =
  (opts: { redis: Redis | null; recoverSchema?: () => Promise<void> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
      },
      async (request, reply) => {
        const db = request.ctx.db;
        const databaseUp = await databaseAnswers(db);
        const [schema, redis] = await Promise.all([databaseUp ? schemaState(db) : ('unknown' as const), redisState(opts.redis)]);
        if (schema === 'missing' || schema === 'outdated') void opts.recoverSchema?.();
        const problems = [
          !databaseUp && 'the database does not answer',
          databaseUp && schema !== 'ok' && `the database schema is ${schema}`,
          redis === 'down' && 'Redis does not answer',
        ].filter((p): p is string => Boolean(p));
        const health: Health = {
          status: problems.length ? 'unavailable' : 'ok',
          version: PRODUCT_VERSION,
          database: databaseUp ? request.ctx.dbKind : 'down',
          schema,
          redis,
        };
        if (problems.length) return reply.code(503).send({ ...health, detail: `Unavailable: ${problems.join('; ')}.` });
        return health;
      },
    );
  };
