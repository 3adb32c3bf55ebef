import type { FastifyBaseLogger } from 'fastify';

/**
 * A request that failed because something the server depends on is not there (issue 21 item 17):
 * Redis down (rate limits, caches), the database not answering or gone, or its tables missing (a
 * database dropped and re-created). These answer 503 with what is wrong, never a bare 500, and a
 * missing schema is re-created by running the migrations again, without a restart.
 */
export type Outage = 'redis' | 'database' | 'schema';

export const OUTAGE_DETAIL: Record<Outage, string> = {
  redis: 'The server cannot reach its Redis store right now, so this action is unavailable. Please try again in a minute.',
  database: 'The server cannot reach its database right now. Please try again in a minute.',
  schema: 'The server is preparing its database (its tables were missing). Please try again in a moment.',
};

// PostgreSQL error classes: 08 connection exception, 57P01-03 server shutting down or starting,
// 3D000 database does not exist; 42P01 / 3F000 a table or schema that does not exist.
const DATABASE_CODES = /^(08\d{3}|57P0[123]|3D000|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/;
const SCHEMA_CODES = /^(42P01|3F000)$/;
const DATABASE_MESSAGES = /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect)$/;

/** Which outage an error is, looking through wrappers (drizzle puts the driver's error in `cause`). */
export function outageOf(err: unknown): Outage | null {
  for (
    let e = err as { name?: string; message?: string; code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    // ioredis: a command that waited through its reconnects, a client that gave up, or one sent
    // while disconnected by a client without an offline queue.
    if (e.name === 'MaxRetriesPerRequestError' || e.message === 'Connection is closed.') return 'redis';
    if (typeof e.message === 'string' && e.message.startsWith("Stream isn't writeable and enableOfflineQueue options is false"))
      return 'redis';
    if (typeof e.code === 'string' && SCHEMA_CODES.test(e.code)) return 'schema';
    if (typeof e.code === 'string' && DATABASE_CODES.test(e.code)) return 'database';
    if (typeof e.message === 'string' && DATABASE_MESSAGES.test(e.message)) return 'database';
  }
  return null;
}

/**
 * Runs the migrations again when a request found the schema missing: one run at a time, and not
 * more often than every `minIntervalMs` while it keeps failing.
 */
export function schemaRecovery(migrate: () => Promise<void>, log: FastifyBaseLogger, minIntervalMs = 5000): () => Promise<void> {
  let running: Promise<void> | null = null;
  let lastTry = 0;
  return () => {
    if (running) return running;
    if (Date.now() - lastTry < minIntervalMs) return Promise.resolve();
    lastTry = Date.now();
    log.warn('database tables are missing: running the migrations again');
    running = migrate()
      .then(() => log.warn('database schema re-created'))
      .catch((err: unknown) => log.error({ err }, 'database schema could not be re-created'))
      .finally(() => (running = null));
    return running;
  };
}
