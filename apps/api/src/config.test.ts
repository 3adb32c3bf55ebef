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
});
