import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { importOpportunitiesCsv } from '../apps/api/src/modules/opportunities/import/import-csv';
import * as repo from '../apps/api/src/modules/opportunities/opportunities.repository';
import { generateCsv } from './generate-rows';

/**
 * npx tsx bench/analyze-cost.ts [--rows 58000]
 *   Issue 21 item 13: what the ANALYZE closing a bulk import costs on the embedded database, where
 *   it holds the server's only thread, at PostgreSQL's default statistics target (100: a 30,000-row
 *   sample) and at the 10 the app sets on PGlite (3,000 rows); and whether the listing's queries
 *   (page 1 by date, a common and a rare keyword, NAICS + due, one agency by title) run any slower
 *   on the smaller sample's statistics. Imports N generated rows into a fresh PGlite first.
 */
const i = process.argv.indexOf('--rows');
const rows = i >= 0 ? Number(process.argv[i + 1]) : 58_000;
const dir = mkdtempSync(path.join(tmpdir(), 'analyze-cost-'));
const database = await openDatabase({ dataDir: path.join(dir, 'data') });
const ms = (t: number) => Math.round(performance.now() - t);
try {
  let t = performance.now();
  const result = await importOpportunitiesCsv(database.db, generateCsv(rows, 9), { batchSize: 500 });
  console.log(`imported ${result.imported} rows in ${ms(t)} ms (load average ${loadavg()[0]!.toFixed(1)})`);
  const user = '00000000-0000-4000-8000-000000000001';
  const cases: [string, repo.OpportunityFilters, repo.ListOrder][] = [
    ['page 1', { status: 'open' }, { sort: 'posted', order: 'desc' }],
    ['"services"', { status: 'open', keyword: 'services' }, { sort: 'relevance', order: 'desc' }],
    ['"dredging"', { keyword: 'dredging' }, { sort: 'relevance', order: 'desc' }],
    ['NAICS 5415 by due', { naics: '5415', status: 'open' }, { sort: 'due', order: 'asc' }],
    ['one agency by title', { agency: 'DEPT OF DEFENSE', status: 'all' }, { sort: 'title', order: 'asc' }],
  ];
  for (const target of [100, 10, 100, 10]) {
    await database.db.execute(sql.raw(`set default_statistics_target = ${target}`));
    t = performance.now();
    await database.db.execute(sql`analyze opportunities`);
    const analyze = ms(t);
    const listing: string[] = [];
    for (const [name, filters, order] of cases) {
      const times: number[] = [];
      for (let k = 0; k < 4; k++) {
        t = performance.now();
        await repo.listPage(database.db, user, filters, order, 1, 20);
        times.push(ms(t));
      }
      listing.push(`${name} ${times.slice(1).sort((a, b) => a - b)[1]} ms`);
    }
    console.log(`target ${target}: ANALYZE ${analyze} ms; listing medians: ${listing.join(', ')} (load ${loadavg()[0]!.toFixed(1)})`);
  }
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
