import { Redis } from 'ioredis';

/** Every key this app writes starts with this, so one Redis can be shared with other programs. */
export const REDIS_KEY_PREFIX = 'biddesk:';

/** REDIS_URL as it may be shown in a message or a log line: scheme, host, port and database, never the user or password. */
export function redisLabel(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

export interface ConnectRedisOptions {
  keyPrefix?: string;
  /** Where connection errors after the start are reported (messages only, never the URL). */
  onError?: (message: string) => void;
}

/**
 * Connects to REDIS_URL and checks that it answers. A Redis that is configured but unreachable
 * stops the start with a message naming it (password left out): falling back to process memory
 * would silently let each process count its own rate limits.
 */
export async function connectRedis(url: string, opts: ConnectRedisOptions = {}): Promise<Redis> {
  const client = new Redis(url, {
    keyPrefix: opts.keyPrefix ?? REDIS_KEY_PREFIX,
    lazyConnect: true,
    connectTimeout: 5000,
    // Once running, a request waits through at most two reconnects and then fails, instead of
    // hanging on an offline queue while Redis is down.
    maxRetriesPerRequest: 2,
  });
  let lastError: string | undefined;
  client.on('error', (err: Error) => {
    lastError = err.message;
    if (client.status === 'ready' || client.status === 'reconnecting') opts.onError?.(err.message);
  });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    const reason = lastError ?? (err instanceof Error ? err.message : String(err));
    throw new Error(`REDIS_URL is set but Redis at ${redisLabel(url)} does not answer (${reason}); start Redis or unset REDIS_URL`);
  }
  return client;
}
