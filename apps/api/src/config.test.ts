import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('applies the embedded defaults and keeps a generated secret in DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.PORT).toBe(3000);
    expect(a.DATABASE_URL).toBeUndefined();
    expect(a.PUBLIC_URL).toBe('http://localhost:3000');
    expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(a.JWT_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).JWT_SECRET).toBe(a.JWT_SECRET);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or proxy addresses and CIDRs', () => {
    expect(loadConfig({ DATA_DIR: dir }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
      '::1',
    ]);
    // "true" would believe any client's X-Forwarded-For: refused, as is anything that is not an address.
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must be a hop count or proxy addresses/);
    expect(() => loadConfig({ DATA_DIR: dir, TRUST_PROXY: '10.0.0.0/99,proxy.example' })).toThrow(/not 10\.0\.0\.0\/99, proxy\.example/);
  });

  it('has timeouts for slow and idle connections', () => {
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      HEADERS_TIMEOUT_MS: 20_000,
      REQUEST_TIMEOUT_MS: 300_000,
      KEEP_ALIVE_TIMEOUT_MS: 72_000,
      LOGIN_ACCOUNT_RATE_LIMIT_PER_MINUTE: 5,
    });
  });

  it('keeps rate limits and caches in memory by default; REDIS_URL takes redis:// or rediss:// and never echoes a password', () => {
    expect(loadConfig({ DATA_DIR: dir }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://:pw@127.0.0.1:6379/2' }).REDIS_URL).toBe('redis://:pw@127.0.0.1:6379/2');
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'rediss://cache.example:6380' }).REDIS_URL).toBe('rediss://cache.example:6380');
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, REDIS_URL: 'http://user:hunter2@127.0.0.1:6379' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/REDIS_URL: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(message).not.toContain('hunter2');
  });

  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', SMTP_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*SMTP_URL/,
    );
  });

  it('reads PostgreSQL, SMTP and admin settings', () => {
    const c = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
      SMTP_URL: 'smtp://mail.example.com:587',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'secret1',
      PUBLIC_URL: 'https://bids.example.com/',
    });
    expect(c.DATABASE_URL).toBe('postgres://u@127.0.0.1:5432/db');
    expect(c.PUBLIC_URL).toBe('https://bids.example.com');
    expect(c.ADMIN_EMAIL).toBe('boss@example.com');
  });

  it('keeps files on local disk by default; S3_ENDPOINT needs S3_BUCKET and both keys or neither', () => {
    const local = loadConfig({ DATA_DIR: dir });
    expect(local.S3_ENDPOINT).toBeUndefined();
    expect(local).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    const s3 = loadConfig({
      DATA_DIR: dir,
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_BUCKET: 'biddesk-files',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'shh',
    });
    expect(s3).toMatchObject({
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_BUCKET: 'biddesk-files',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com',
        S3_BUCKET: 'b-1',
        S3_REGION: 'eu-west-1',
        S3_FORCE_PATH_STYLE: 'false',
      }),
    ).toMatchObject({
      S3_REGION: 'eu-west-1',
      S3_FORCE_PATH_STYLE: false,
    });
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:4569' })).toThrow(
      /S3_BUCKET: S3_BUCKET is required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_BUCKET: 'biddesk-files' })).toThrow(
      /S3_ENDPOINT: S3_ENDPOINT is required when S3_BUCKET is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:4569', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:4569', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
    // Credentials belong in their own variables, so the endpoint can be shown in errors.
    let message = '';
    try {
      loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://AKIA:topsecret@127.0.0.1:4569', S3_BUCKET: 'b-1' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/S3_ENDPOINT must not hold credentials/);
    expect(message).not.toContain('topsecret');
  });
});
