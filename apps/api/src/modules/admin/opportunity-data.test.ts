import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { freePort } from '../../../test/scale-out/api-process';
import { isNonPublicAddress } from '../../lib/safe-download';
import { countAll } from '../opportunities/opportunities.repository';

const REAL_CSV = readFileSync(path.resolve(import.meta.dirname, '../../../data-seed/contract-opportunities-real.csv'));
const HEADER = REAL_CSV.toString('utf8').split('\n')[0]!.trimEnd();
let files: Server;
let base: string;
let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  files = createServer((req, res) => {
    if (req.url === '/extract.csv') {
      const small = REAL_CSV.toString('utf8').split('\n').slice(0, 201).join('\n');
      res.writeHead(200, { 'content-type': 'text/csv' }).end(`${small}\nbroken,row\n`);
    } else if (req.url === '/moved') res.writeHead(302, { location: '/extract.csv' }).end();
    else if (req.url === '/broken.csv') res.writeHead(500).end('oops');
    else if (req.url === '/big.csv') res.writeHead(200, { 'content-type': 'text/csv' }).end(`${HEADER}\n${'x'.repeat(3_000_000)}\n`);
    else res.writeHead(404).end('nope');
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await buildTestApp({ IMPORT_ALLOW_PRIVATE_URLS: 'true', IMPORT_MAX_BYTES: '2000000' });
  adminToken = (await createUser(t.db, t.config, { role: 'admin' })).token;
  userToken = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => files.close(r));
});

const importCsv = (who: string | null, csv_url: unknown) =>
  t.injectAs(who, { method: 'POST', url: '/api/admin/import-csv-sync', payload: { csv_url } });
// Stored notices, all of them: the listing shows one row per solicitation, open ones by default (issue 15).
const count = () => countAll(t.db);

describe('POST /api/admin/import-csv-sync', () => {
  it('imports an extract from a URL (following a redirect) and reports malformed rows', async () => {
    const res = await importCsv(adminToken, `${base}/moved`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 200, inserted: 200, updated: 0, rows: 201, malformed: 1 });
    expect(res.json().errors[0].line).toBe(202);
    expect(await count()).toBe(200);
    // The same rows again: their content hashes match, so nothing is rewritten (issue 15).
    const again = (await importCsv(adminToken, `${base}/extract.csv`)).json();
    expect(again).toMatchObject({ imported: 200, inserted: 0, updated: 0, unchanged: 200 });
    expect(await count()).toBe(200);
  });

  it('validates the URL: empty, not http(s), unreachable, too large', { timeout: 60_000 }, async () => {
    const empty = await importCsv(adminToken, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Please enter a CSV URL');
    expect((await importCsv(adminToken, undefined)).json().detail).toBe('Please enter a CSV URL');
    expect((await importCsv(adminToken, 'file:///etc/passwd')).statusCode).toBe(400);
    // A wrong URL is the admin's to fix: 400 with the reason (issue 21 item 10; this was 502).
    const missing = await importCsv(adminToken, `${base}/nothing.csv`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('CSV download failed: the server answered HTTP 404');
    const closedPort = await freePort();
    const refused = await importCsv(adminToken, `http://127.0.0.1:${closedPort}/extract.csv`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(`CSV download failed: nothing answers at 127.0.0.1:${closedPort} (connection refused)`);
    const unknownHost = await importCsv(adminToken, 'http://no-such-host.invalid/extract.csv');
    expect(unknownHost.statusCode).toBe(400);
    expect(unknownHost.json().detail).toBe('CSV download failed: the host no-such-host.invalid was not found');
    // A server that fails is not the admin's fault: still 502.
    const broken = await importCsv(adminToken, `${base}/broken.csv`);
    expect(broken.statusCode).toBe(502);
    expect(broken.json().detail).toBe('CSV download failed: the server answered HTTP 500');
    const big = await importCsv(adminToken, `${base}/big.csv`);
    expect(big.statusCode).toBe(400);
    expect(big.json().detail).toContain('larger than');
  });

  it('is admin only', async () => {
    expect((await importCsv(userToken, `${base}/extract.csv`)).statusCode).toBe(403);
    expect((await importCsv(userToken, `${base}/extract.csv`)).json().detail).toBe('Admin access required');
    expect((await importCsv(null, `${base}/extract.csv`)).statusCode).toBe(401);
  });
});

describe('SSRF guard', () => {
  it('refuses loopback and private addresses unless IMPORT_ALLOW_PRIVATE_URLS=true', async () => {
    const strict = await buildTestApp();
    try {
      const admin = (await createUser(strict.db, strict.config, { role: 'admin' })).token;
      for (const url of [
        `${base}/extract.csv`,
        'http://localhost:9/x.csv',
        'http://10.0.0.8/x.csv',
        'http://[::1]/x.csv',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const res = await strict.injectAs(admin, { method: 'POST', url: '/api/admin/import-csv-sync', payload: { csv_url: url } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().detail).toBe('CSV URL must not point at a private or loopback address');
      }
    } finally {
      await strict.close();
    }
    expect(isNonPublicAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isNonPublicAddress('192.168.1.10')).toBe(true);
    expect(isNonPublicAddress('8.8.8.8')).toBe(false);
  });
});

describe('DELETE /api/admin/clear-opportunities', () => {
  it('deletes every opportunity with the saved flags, admin only', async () => {
    const id = await createOpportunity(t.db);
    await t.injectAs(userToken, { method: 'POST', url: `/api/opportunities/${id}/save` });
    expect((await t.injectAs(userToken, { method: 'DELETE', url: '/api/admin/clear-opportunities' })).statusCode).toBe(403);
    expect((await t.injectAs(null, { method: 'DELETE', url: '/api/admin/clear-opportunities' })).statusCode).toBe(401);
    const before = await count();
    const res = await t.injectAs(adminToken, { method: 'DELETE', url: '/api/admin/clear-opportunities' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: before, workspaces_kept: 0 });
    expect(await count()).toBe(0);
    expect((await t.injectAs(userToken, { method: 'GET', url: '/api/opportunities/stats' })).json().favorited).toBe(0);
  });
});
