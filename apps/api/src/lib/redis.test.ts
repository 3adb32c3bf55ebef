import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { AppDeps } from './ctx';
import { connectRedis, redisLabel } from './redis';

const dataDir = mkdtempSync(path.join(tmpdir(), 'biddesk-redis-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Port 1 on loopback: nothing listens there, the connection is refused at once.
const UNREACHABLE = 'redis://biddesk:s3cret-pw@127.0.0.1:1/3';

describe('redisLabel', () => {
  it('keeps scheme, host, port and database, never the user or password', () => {
    expect(redisLabel(UNREACHABLE)).toBe('redis://127.0.0.1:1/3');
    expect(redisLabel('rediss://:pw@cache.example:6380')).toBe('rediss://cache.example:6380');
    expect(redisLabel('not a url :pw@')).toBe('(unparseable REDIS_URL)');
  });
});

describe('an unreachable REDIS_URL', () => {
  it('fails connectRedis with a message naming the server, not the password', async () => {
    const err = await connectRedis(UNREACHABLE).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /^REDIS_URL is set but Redis at redis:\/\/127\.0\.0\.1:1\/3 does not answer \(.*ECONNREFUSED.*\)/,
    );
    expect((err as Error).message).not.toContain('s3cret-pw');
  });

  it('stops the app from starting instead of counting in process memory', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, REDIS_URL: UNREACHABLE, WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
    // Redis is reached before anything else of deps is used.
    const err = await buildApp({ config } as AppDeps, { logger: false }).catch((e: unknown) => e as Error);
    expect((err as Error).message).toMatch(/Redis at redis:\/\/127\.0\.0\.1:1\/3 does not answer/);
    expect((err as Error).message).not.toContain('s3cret-pw');
  });
});
