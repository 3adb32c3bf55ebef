import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-database';
import { zipOf } from '../../../../test/zip-archive';
import type { Database } from '../../../db/client';
import { awards, recipients } from '../../../db/schema/index';
import { importAwardsCsv } from './import-awards-csv';
import { DEFAULT_ZIP_LIMITS, importAwardsFile } from './import-awards-zip';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const SUMMARIES_NAME = 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv';
const TRANSACTIONS_NAME = 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv';
const SUMMARIES = readFileSync(path.join(FIXTURES, SUMMARIES_NAME));
const TRANSACTIONS = readFileSync(path.join(FIXTURES, TRANSACTIONS_NAME));
const rowsOf = (csv: Buffer) => (parse(csv, { columns: true }) as Record<string, string>[]).length;
const OPPORTUNITIES_HEADER = readFileSync(
  path.resolve(import.meta.dirname, '../../../../data-seed/contract-opportunities-real.csv'),
  'utf8',
).split('\n')[0]!;

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
/** Every stored award and recipient, without the times of the import itself. */
async function stored() {
  const rows = (await database.db.select().from(awards)).map(({ updatedAt: _u, fetchedAt: _f, ...rest }) => rest);
  const people = (await database.db.select().from(recipients)).map(({ updatedAt: _u, ...rest }) => rest);
  return {
    awards: rows.sort((a, b) => a.awardKey.localeCompare(b.awardKey)),
    recipients: people.sort((a, b) => a.uei.localeCompare(b.uei)),
  };
}
const importZip = (zip: Buffer, limits = DEFAULT_ZIP_LIMITS) =>
  importAwardsFile(database.db, Readable.from([zip]), { zip: limits, batchSize: 50 });

describe('importAwardsFile on a ZIP of the real custom download', () => {
  it('stores the same award rows as importing its two CSVs one by one, with progress across entries', async () => {
    await importAwardsCsv(database.db, Readable.from([SUMMARIES]));
    await importAwardsCsv(database.db, Readable.from([TRANSACTIONS]));
    const oneByOne = await stored();
    expect(oneByOne.awards.length).toBeGreaterThan(100);
    await database.db.execute(sql`truncate awards, recipients`);

    const zip = await zipOf([
      { name: SUMMARIES_NAME, bytes: SUMMARIES },
      { name: `nested/${TRANSACTIONS_NAME}`, bytes: TRANSACTIONS },
    ]);
    const seen: { rows: number; bytes: number }[] = [];
    const result = await importAwardsFile(database.db, Readable.from([zip]), {
      batchSize: 50,
      onProgress: (p) => seen.push({ rows: p.rows, bytes: p.bytes }),
    });
    expect(result).toMatchObject({ rows: rowsOf(SUMMARIES) + rowsOf(TRANSACTIONS), malformed: 0, errors: [], bytes: zip.length });
    expect(result.inserted).toBe(rowsOf(SUMMARIES));
    expect(await stored()).toEqual(oneByOne);
    // Progress rises across both entries and never passes the archive's size.
    expect(seen.at(-1)!.rows).toBe(result.rows);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.rows).toBeGreaterThanOrEqual(seen[i - 1]!.rows);
    expect(Math.max(...seen.map((s) => s.bytes))).toBeLessThanOrEqual(zip.length);
    expect(seen.some((s) => s.rows > rowsOf(SUMMARIES))).toBe(true);
  });

  it('changes nothing when the same ZIP is imported again', async () => {
    // A fiscal year's archive: the transactions layout split over numbered files, as USAspending does.
    // (The file has no line break inside a field.)
    const [header, ...body] = TRANSACTIONS.toString('utf8').trimEnd().split('\n');
    const half = Math.floor(body.length / 2);
    const zip = await zipOf([
      { name: 'FY2026_All_Contracts_Full_20261108_1.csv', bytes: [header, ...body.slice(0, half)].join('\n') + '\n' },
      { name: 'FY2026_All_Contracts_Full_20261108_2.csv', bytes: [header, ...body.slice(half)].join('\n') + '\n' },
    ]);
    const first = await importZip(zip);
    expect(first).toMatchObject({ rows: rowsOf(TRANSACTIONS), malformed: 0 });
    const before = await database.db.select({ k: awards.awardKey, at: awards.updatedAt }).from(awards).orderBy(awards.awardKey);
    const again = await importZip(zip);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: rowsOf(TRANSACTIONS), malformed: 0 });
    expect(await database.db.select({ k: awards.awardKey, at: awards.updatedAt }).from(awards).orderBy(awards.awardKey)).toEqual(before);
  });

  it('lists and skips entries that are not contract award CSVs, and names the entry of a malformed row', async () => {
    const lines = SUMMARIES.toString('utf8').split('\n');
    const broken = [lines[0], lines[1], 'CONT_AWD_SHORT_9700_-NONE-_-NONE-,SHORT', ''].join('\n');
    const zip = await zipOf([
      { name: 'README.txt', bytes: 'Data dictionary: see usaspending.gov' },
      { name: 'Contracts_Subawards.csv', bytes: `${OPPORTUNITIES_HEADER}\n` },
      { name: 'folder/', bytes: '' },
      { name: 'broken.csv', bytes: broken },
    ]);
    const result = await importZip(zip);
    expect(result).toMatchObject({ rows: 2, imported: 1, malformed: 1 });
    expect(result.errors).toEqual([
      { file: 'README.txt', line: 0, reason: 'skipped: not a CSV file' },
      {
        file: 'Contracts_Subawards.csv',
        line: 0,
        reason: expect.stringMatching(/^skipped: Not a USAspending contract award CSV: missing column contract_award_unique_key/),
      },
      { file: 'broken.csv', line: 3, reason: `expected ${lines[0]!.split(',').length} columns, found 2` },
    ]);
    expect(await countAwards()).toBe(1);
  });
});

describe('importAwardsFile refusals change nothing', () => {
  const refusal = async (zip: Buffer, limits = DEFAULT_ZIP_LIMITS) => {
    const err = await importZip(zip, limits).catch((e: unknown) => e);
    expect(await countAwards()).toBe(0);
    expect(await database.db.select().from(recipients)).toEqual([]);
    return err;
  };

  it('refuses an empty ZIP and a ZIP without an award CSV, saying what it holds', async () => {
    expect(await refusal(await zipOf([]))).toMatchObject({ statusCode: 400, detail: 'The ZIP archive holds no CSV file (it is empty).' });
    expect(
      await refusal(
        await zipOf([
          { name: 'a.txt', bytes: 'x' },
          { name: 'b.pdf', bytes: '%PDF' },
        ]),
      ),
    ).toMatchObject({ statusCode: 400, detail: 'The ZIP archive holds no CSV file (it holds a.txt, b.pdf).' });
    expect(
      await refusal(
        await zipOf([
          { name: 'o.csv', bytes: `${OPPORTUNITIES_HEADER}\n` },
          { name: 'e.csv', bytes: '' },
        ]),
      ),
    ).toMatchObject({
      statusCode: 400,
      detail: expect.stringMatching(
        /^The ZIP archive holds no USAspending contract award CSV \(o\.csv: Not a USAspending contract award CSV: missing column .*; e\.csv: the CSV file is empty\)\.$/,
      ),
    });
  });

  it('refuses an entry that expands like a zip bomb before inflating it', async () => {
    const bomb = await zipOf([
      { name: SUMMARIES_NAME, bytes: SUMMARIES },
      { name: 'zeros.csv', bytes: Buffer.alloc(8 * 1024 * 1024) },
    ]);
    expect(await refusal(bomb)).toMatchObject({
      statusCode: 400,
      detail: expect.stringMatching(
        /^The ZIP entry zeros\.csv expands more than 200 times \(\d[\d,]* to 8,388,608 bytes\): refused as a possible zip bomb\.$/,
      ),
    });
  });

  it('refuses more entries or more uncompressed bytes than configured', async () => {
    const two = await zipOf([
      { name: 'a.csv', bytes: SUMMARIES },
      { name: 'b.csv', bytes: TRANSACTIONS },
    ]);
    expect(await refusal(two, { ...DEFAULT_ZIP_LIMITS, maxEntries: 1 })).toMatchObject({
      statusCode: 400,
      detail: 'The ZIP archive holds more than 1 entries.',
    });
    expect(await refusal(two, { ...DEFAULT_ZIP_LIMITS, maxUncompressedBytes: SUMMARIES.length + 10 })).toMatchObject({
      statusCode: 400,
      detail: expect.stringMatching(/^The CSV files in the ZIP archive add up to more than 0 GB uncompressed\.$/),
    });
  });

  it('refuses a corrupt ZIP with the reason', async () => {
    const zip = await zipOf([{ name: SUMMARIES_NAME, bytes: SUMMARIES }]);
    // Cut before the table of contents: the local header still says ZIP, the archive is unreadable.
    expect(await refusal(zip.subarray(0, zip.length - 200))).toMatchObject({
      statusCode: 400,
      detail: expect.stringMatching(/^The ZIP archive cannot be read: .+/),
    });
  });
});

describe('a CSV is still a CSV', () => {
  it('imports a plain CSV through the same entry point, told apart by its bytes', async () => {
    const result = await importAwardsFile(database.db, Readable.from([SUMMARIES.subarray(0, 2), SUMMARIES.subarray(2)]));
    expect(result).toMatchObject({ rows: rowsOf(SUMMARIES), malformed: 0 });
    expect(await countAwards()).toBe(rowsOf(SUMMARIES));
  });
});
