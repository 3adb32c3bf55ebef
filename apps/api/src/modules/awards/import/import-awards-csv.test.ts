import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-database';
import type { Database } from '../../../db/client';
import { awards, recipients } from '../../../db/schema/index';
import { loadUsaspendingFixture } from '../../../integrations/awards/fake-usaspending-server';
import { importAwardsCsv } from './import-awards-csv';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const SUMMARIES = path.join(FIXTURES, 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv');
const TRANSACTIONS = path.join(FIXTURES, 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv');

/** The file read by another parser (csv-parse), for counts the importer did not compute. */
function independent(file: string): Record<string, string>[] {
  return parse(readFileSync(file), { columns: true, bom: true }) as Record<string, string>[];
}

const summaryRows = independent(SUMMARIES);
const HEADER = Object.keys(summaryRows[0]!);
const TEMPLATE = summaryRows[0]!;

/** A CSV line in the award summaries' column order (RFC 4180 quoting). */
function line(fields: Record<string, string>): string {
  return HEADER.map((c) => {
    const v = fields[c] ?? '';
    return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}
const csvOf = (...lines: string[]) => Readable.from([Buffer.from([HEADER.join(','), ...lines].join('\n') + '\n')]);
const row = (changes: Record<string, string>) => line({ ...TEMPLATE, ...changes });

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate awards, recipients`);
});

const countAwards = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(awards))[0]!.n;

/** Dollars as integer cents, summed exactly. */
const cents = (amounts: string[]) => amounts.filter(Boolean).reduce((sum, a) => sum + BigInt(a.replace('.', '')), 0n);

describe('importAwardsCsv on the real custom download', () => {
  it('imports every award of the real award summaries file, as an independent count says', async () => {
    const result = await importAwardsCsv(database.db, Readable.from(readFileSync(SUMMARIES)));
    const keys = new Set(summaryRows.map((r) => r.contract_award_unique_key));
    expect(result.rows).toBe(summaryRows.length);
    expect(result.malformed).toBe(0);
    expect(result.inserted).toBe(keys.size);
    expect(await countAwards()).toBe(keys.size);

    const [stats] = await database.db
      .select({
        withSolicitation: sql<number>`count(*) filter (where solicitation_id is not null)::int`,
        withoutEnd: sql<number>`count(*) filter (where current_end_date is null)::int`,
        endingAfter: sql<number>`count(*) filter (where current_end_date > '2026-06-25')::int`,
        obligated: sql<string>`sum(obligated_amount)::text`,
      })
      .from(awards);
    expect(stats!.withSolicitation).toBe(summaryRows.filter((r) => r.solicitation_identifier!.trim() !== '').length);
    // An IDV ends (is recompeted) when its ordering period does; the file leaves its current end blank.
    const endOf = (r: Record<string, string>) =>
      r.contract_award_unique_key!.startsWith('CONT_IDV_') && r.ordering_period_end_date
        ? r.ordering_period_end_date
        : r.period_of_performance_current_end_date!;
    expect(stats!.withoutEnd).toBe(summaryRows.filter((r) => endOf(r) === '').length);
    expect(stats!.endingAfter).toBe(summaryRows.filter((r) => endOf(r) > '2026-06-25').length);
    expect(stats!.endingAfter).toBeGreaterThan(2);
    expect(cents([stats!.obligated])).toBe(cents(summaryRows.map((r) => r.total_obligated_amount!)));

    const ueis = new Set(summaryRows.map((r) => r.recipient_uei).filter(Boolean));
    const stored = await database.db.select().from(recipients);
    expect(stored.map((r) => r.uei).sort()).toEqual([...ueis].sort());
    expect(stored[0]!.namesSeen).toEqual(['WILLIAM MARSH RICE UNIVERSITY']);
    expect(stored[0]!.businessTypes).toContain('Educational institution');

    const [order] = await database.db.select().from(awards).where(eq(awards.awardKey, 'CONT_AWD_0001_9700_N0024410G0005_9700'));
    expect(order).toMatchObject({
      piid: '0001',
      parentIdvPiid: 'N0024410G0005',
      parentIdvPiidKey: 'N0024410G0005',
      source: 'usaspending_csv',
      sourceUrl: 'https://www.usaspending.gov/award/CONT_AWD_0001_9700_N0024410G0005_9700/',
    });
  });

  it('is idempotent: a second import writes nothing', async () => {
    await importAwardsCsv(database.db, Readable.from(readFileSync(SUMMARIES)));
    const before = await database.db.select({ k: awards.awardKey, at: awards.updatedAt }).from(awards);
    const again = await importAwardsCsv(database.db, Readable.from(readFileSync(SUMMARIES)));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: summaryRows.length, malformed: 0 });
    const after = await database.db.select({ k: awards.awardKey, at: awards.updatedAt }).from(awards);
    expect(after.sort((a, b) => a.k.localeCompare(b.k))).toEqual(before.sort((a, b) => a.k.localeCompare(b.k)));
  });

  it('reads the transactions layout into one row per award', async () => {
    const tx = independent(TRANSACTIONS);
    const result = await importAwardsCsv(database.db, Readable.from(readFileSync(TRANSACTIONS)));
    expect(result.rows).toBe(tx.length);
    expect(result.malformed).toBe(0);
    expect(await countAwards()).toBe(new Set(tx.map((r) => r.contract_award_unique_key)).size);
    // The latest action of each award is the one kept.
    const latest = new Map<string, string>();
    for (const r of tx)
      if ((latest.get(r.contract_award_unique_key!) ?? '') < r.action_date!) latest.set(r.contract_award_unique_key!, r.action_date!);
    const stored = await database.db.select({ k: awards.awardKey, d: awards.lastActionDate }).from(awards);
    for (const s of stored) expect(s.d).toBe(latest.get(s.k));
  });
});

describe('importAwardsCsv refusals', () => {
  it('counts and lists malformed rows, imports the good ones, and never stores a bad one', async () => {
    const good = row({ contract_award_unique_key: 'CONT_AWD_GOOD1_9700_-NONE-_-NONE-', award_id_piid: 'GOOD1' });
    const result = await importAwardsCsv(
      database.db,
      csvOf(
        good,
        row({ contract_award_unique_key: '' }),
        row({ contract_award_unique_key: 'CONT_AWD_BAD1_9700_-NONE-_-NONE-', period_of_performance_current_end_date: '12/22/17' }),
        row({ contract_award_unique_key: 'CONT_AWD_BAD2_9700_-NONE-_-NONE-', total_obligated_amount: '1,000.00' }),
        row({ contract_award_unique_key: 'CONT_AWD_BAD3_9700_-NONE-_-NONE-', number_of_offers_received: 'two' }),
        'CONT_AWD_SHORT_9700_-NONE-_-NONE-,SHORT',
        row({ contract_award_unique_key: 'grant-123' }),
      ),
    );
    expect(result.rows).toBe(7);
    expect(result.imported).toBe(1);
    expect(result.malformed).toBe(6);
    expect(result.errors).toEqual([
      { line: 3, reason: 'contract_award_unique_key is empty' },
      { line: 4, reason: 'period_of_performance_current_end_date "12/22/17" is not a date' },
      { line: 5, reason: 'total_obligated_amount "1,000.00" is not an amount' },
      { line: 6, reason: 'number_of_offers_received "two" is not a count' },
      { line: 7, reason: `expected ${HEADER.length} columns, found 2` },
      { line: 8, reason: 'contract_award_unique_key "grant-123" is not a contract award key' },
    ]);
    expect((await database.db.select({ k: awards.awardKey }).from(awards)).map((r) => r.k)).toEqual(['CONT_AWD_GOOD1_9700_-NONE-_-NONE-']);
  });

  it('refuses a file that is not a USAspending contract CSV, naming the missing columns', async () => {
    const err = await importAwardsCsv(database.db, Readable.from([Buffer.from('NoticeId,Title\n1,x\n')])).catch((e: unknown) => e);
    expect(err).toMatchObject({
      statusCode: 400,
      detail: expect.stringMatching(/^Not a USAspending contract award CSV: missing column contract_award_unique_key, award_id_piid/),
    });
    expect(await countAwards()).toBe(0);
  });

  it('never lets an older version overwrite a newer one', async () => {
    const key = 'CONT_AWD_VER1_9700_-NONE-_-NONE-';
    await importAwardsCsv(
      database.db,
      csvOf(row({ contract_award_unique_key: key, award_latest_action_date: '2024-05-01', total_obligated_amount: '200.00' })),
    );
    const older = await importAwardsCsv(
      database.db,
      csvOf(row({ contract_award_unique_key: key, award_latest_action_date: '2023-01-01', total_obligated_amount: '100.00' })),
    );
    expect(older).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    const newer = await importAwardsCsv(
      database.db,
      csvOf(row({ contract_award_unique_key: key, award_latest_action_date: '2025-01-01', total_obligated_amount: '300.00' })),
    );
    expect(newer).toMatchObject({ updated: 1 });
    const [stored] = await database.db.select({ v: awards.obligatedAmount }).from(awards);
    expect(stored!.v).toBe('300.00');
  });
});

describe('vendors are matched by UEI, never by name', () => {
  it('resolves the 27 real name variants of one recipient to one UEI, and a namesake to none of it', async () => {
    const iowa = loadUsaspendingFixture<{ uei: string; name: string; alternate_names: string[] }>(
      'recipient-detail__0b441d38-e3c0-de89-ee08-69fc9e6ee58a-C.json',
    );
    expect(iowa.alternate_names).toHaveLength(27);
    const variants = iowa.alternate_names.map((name, i) =>
      row({
        contract_award_unique_key: `CONT_AWD_IOWA${i}_8000_-NONE-_-NONE-`,
        award_id_piid: `IOWA${i}`,
        recipient_uei: iowa.uei,
        recipient_parent_uei: iowa.uei,
        recipient_name: name,
      }),
    );
    const result = await importAwardsCsv(
      database.db,
      csvOf(
        ...variants,
        // The same name under another UEI is another vendor; without a UEI, nobody's.
        row({
          contract_award_unique_key: 'CONT_AWD_NAMESAKE_8000_-NONE-_-NONE-',
          award_id_piid: 'NAMESAKE',
          recipient_uei: 'AAAAAAAAAAA1',
          recipient_parent_uei: '',
          recipient_name: iowa.name,
        }),
        row({
          contract_award_unique_key: 'CONT_AWD_NOUEI_8000_-NONE-_-NONE-',
          award_id_piid: 'NOUEI',
          recipient_uei: '',
          recipient_parent_uei: '',
          recipient_name: iowa.name,
        }),
      ),
      { batchSize: 10 },
    );
    expect(result).toMatchObject({ rows: 29, inserted: 29, malformed: 0 });
    const stored = await database.db.select().from(recipients).orderBy(recipients.uei);
    expect(stored.map((r) => r.uei)).toEqual(['AAAAAAAAAAA1', iowa.uei]);
    const one = stored.find((r) => r.uei === iowa.uei)!;
    expect(one.namesSeen.sort()).toEqual([...new Set(iowa.alternate_names)].sort());
    const [linked] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(awards)
      .where(eq(awards.recipientUei, iowa.uei));
    expect(linked!.n).toBe(27);
    const [orphan] = await database.db
      .select({ uei: awards.recipientUei, name: awards.recipientName })
      .from(awards)
      .where(eq(awards.awardKey, 'CONT_AWD_NOUEI_8000_-NONE-_-NONE-'));
    expect(orphan).toEqual({ uei: null, name: iowa.name });
  });
});
