import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import RedisMock from 'ioredis-mock';
import { connectRedis } from '../src/lib/redis';

export interface TestRedis {
  /** 'redis' against TEST_REDIS_URL, 'mock' against ioredis-mock in this process. */
  kind: 'redis' | 'mock';
  /** This file's key prefix: every key a client here writes starts with it. */
  prefix: string;
  /** A new client on the same data and prefix, as another API process would hold. */
  client(): Promise<Redis>;
  /** Keys under this file's prefix, in full. */
  keys(): Promise<string[]>;
  /** Deletes this file's keys and closes every client it opened. */
  close(): Promise<void>;
}

/**
 * Redis for one test file: the real server at TEST_REDIS_URL when set (CI sets it when Redis
 * answers on 6379), otherwise ioredis-mock, whose instances in one process share their data the
 * way clients of one server do. A random prefix per file keeps parallel files apart.
 */
export async function openTestRedis(): Promise<TestRedis> {
  const url = process.env.TEST_REDIS_URL;
  const prefix = `biddesk-test-${randomBytes(6).toString('hex')}:`;
  const clients: Redis[] = [];
  // Unprefixed: KEYS and DEL take the names as stored.
  const admin: Redis = url ? new Redis(url) : (new RedisMock() as unknown as Redis);
  const keys = () => admin.keys(`${prefix}*`);
  return {
    kind: url ? 'redis' : 'mock',
    prefix,
    async client() {
      // Without an offline queue a disconnected mock fails its commands, as a real client whose
      // Redis went away does (ioredis-mock otherwise keeps answering after disconnect()).
      const c = url
        ? await connectRedis(url, { keyPrefix: prefix })
        : (new RedisMock({ keyPrefix: prefix, enableOfflineQueue: false }) as unknown as Redis);
      clients.push(c);
      return c;
    },
    keys,
    async close() {
      const left = await keys();
      if (left.length > 0) await admin.del(...left);
      await Promise.all([...clients, admin].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
