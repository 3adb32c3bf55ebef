import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

// A built web app in miniature, as vite + vite-plugin-compression2 write it.
let t: TestApp;
const INDEX = '<!doctype html><html><head><link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'biddesk-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  write('index.html', INDEX);
  write('assets/index-AbC123.js', SCRIPT);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers });

describe('serving the web app', () => {
  it('sends the pre-compressed copy the browser accepts, index.html revalidated', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.rawPayload.length).toBeLessThan(INDEX.length);
    const plain = await get('/opportunity/123');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('caches hashed assets for good and gzips them for a client without brotli', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.rawPayload.length).toBeLessThan(200);
  });

  it('has a favicon and answers HEAD for the app', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/', {}, 'HEAD')).statusCode).toBe(200);
    expect((await get('/settings', {}, 'HEAD')).statusCode).toBe(200);
  });

  it('never rate-limits page loads, but still limits unknown API paths', async () => {
    for (let i = 0; i < 320; i++) {
      const res = await get(`/opportunity/${i}`);
      expect(res.statusCode).toBe(200);
    }
    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ detail: 'Not Found' });
    let limited = 0;
    for (let i = 0; i < 310; i++) if ((await get(`/api/nothing-${i}`)).statusCode === 429) limited++;
    expect(limited).toBeGreaterThan(0);
  });

  // Issue 21 item 1: with the web app built (as on `npm start`) the OpenAPI document answered 500,
  // because the app routes had no schema; it documents the API and nothing of the web app.
  it('serves the OpenAPI document with the web app built, without the page routes', async () => {
    const res = await get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toContain('/api/health');
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });
});
