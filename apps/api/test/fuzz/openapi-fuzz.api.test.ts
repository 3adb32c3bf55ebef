import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../build-test-app';
import { generateCases, type FuzzCase, type FuzzTargets } from './cases';
import { changedTables, databaseFingerprint, filesUnder } from './db-fingerprint';
import { createFuzzTargets } from './fixtures';
import { routeName, routesFromOpenApi } from './openapi-routes';
import { createRng, hashSeed } from './prng';

/**
 * Issue 16: every route in the OpenAPI document gets FUZZ_CASES (default 200) malformed requests,
 * signed in as the owner of a real workspace (an admin for /api/admin), and must answer each
 * without a 5xx, with a `detail` on every 4xx, and leave every table and the file store as they
 * were. Reproduce a failure with the same FUZZ_SEED; FUZZ_ROUTE narrows the run to routes whose
 * "METHOD /path" contains it; FUZZ_REPORT=1 prints each route's answers by status.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 16);
const ONLY = process.env.FUZZ_ROUTE;

// Built at load time: the route list comes from the app's document, one test per route.
const t = await buildTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
const allRoutes = routesFromOpenApi(t.app.swagger() as Parameters<typeof routesFromOpenApi>[0]);
const routes = ONLY ? allRoutes.filter((r) => new RegExp(ONLY).test(routeName(r))) : allRoutes;
const filesDir = path.join(t.config.DATA_DIR, 'files');
let targets: FuzzTargets;

beforeAll(async () => {
  targets = await createFuzzTargets(t);
});
afterAll(async () => {
  await t.close();
});

function describeCase(c: FuzzCase, res: LightMyRequestResponse | null, error?: unknown): string {
  // JSON.stringify below shows control characters and lone surrogates as escapes.
  const body = c.inject.payload === undefined ? '' : String(c.inject.payload).slice(0, 120);
  const answer = res ? `${res.statusCode} ${res.body.slice(0, 160)}` : `inject threw ${String(error)}`;
  return `#${c.index} [${c.label}] ${c.inject.method} ${String(c.inject.url).slice(0, 160)} ct=${(c.inject.headers as Record<string, string>)['content-type'] ?? '-'} body=${JSON.stringify(body)} -> ${answer}`;
}

function hasDetail(res: LightMyRequestResponse): boolean {
  try {
    const detail = (res.json() as { detail?: unknown }).detail;
    return typeof detail === 'string' && detail.length > 0;
  } catch {
    return false;
  }
}

describe('OpenAPI fuzz', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(allRoutes.length).toBeGreaterThan(50);
    // Upload routes read their parts in the handler; the document still has to say they take
    // multipart bodies (lib/openapi-multipart.ts), or broken multipart would only hit bad ids.
    expect(allRoutes.filter((r) => r.multipart).map(routeName)).toEqual(
      expect.arrayContaining([
        'POST /api/workspaces/{id}/documents',
        'POST /api/workspaces/{id}/messages',
        'POST /api/opportunities/{id}/upload-pdf',
      ]),
    );
    if (ONLY) expect(routes.length, `no route matches FUZZ_ROUTE=${ONLY}`).toBeGreaterThan(0);
  });

  it.each(routes.map((r) => [routeName(r), r] as const))(
    '%s: malformed requests get 4xx and change nothing',
    async (name, route) => {
      const cases = generateCases(route, targets, createRng(hashSeed(SEED, name)), CASES);
      expect(cases.length, `${name} has no fuzz cases: teach test/fuzz/cases.ts a defect it must refuse`).toBeGreaterThanOrEqual(CASES);

      const rowsBefore = await databaseFingerprint(t.db);
      const filesBefore = filesUnder(filesDir);
      const failures: string[] = [];
      const accepted: string[] = [];
      const histogram: Record<number, number> = {};
      const started = Date.now();
      for (const c of cases) {
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject(c.inject);
        } catch (err) {
          failures.push(describeCase(c, null, err));
          continue;
        }
        histogram[res.statusCode] = (histogram[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) failures.push(describeCase(c, res));
        else if (res.statusCode >= 400 && route.method !== 'HEAD' && !hasDetail(res)) failures.push(`no detail: ${describeCase(c, res)}`);
        else if (res.statusCode < 400 && route.method !== 'GET') accepted.push(describeCase(c, res));
      }
      if (process.env.FUZZ_REPORT) {
        const statuses = Object.entries(histogram)
          .sort()
          .map(([s, n]) => `${s}x${n}`)
          .join(' ');
        const lines = [...failures.map((f) => `\n  FAILED ${f}`), ...accepted.map((a) => `\n  accepted ${a}`)];
        console.log(`fuzz ${name}: ${cases.length} requests in ${Date.now() - started} ms: ${statuses}${lines.join('')}`);
      }
      const changed = changedTables(rowsBefore, await databaseFingerprint(t.db));
      const filesAfter = filesUnder(filesDir);

      expect(failures, `${failures.length} of ${cases.length} requests failed (seed ${SEED})`).toEqual([]);
      expect({ changed, files: filesAfter }, `rows or files changed; requests that were accepted:\n${accepted.join('\n')}`).toEqual({
        changed: [],
        files: filesBefore,
      });
    },
    120_000,
  );
});
