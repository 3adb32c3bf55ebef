import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RadarResponse } from '@biddesk/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { awards } from '../../db/schema/index';
import { importAwardsCsv } from '../awards/import/import-awards-csv';
import { addMonthsUtc } from './radar-window';
import { radarSignals } from './radar-signals';

/**
 * "Many modifications or extensions" from the real PrimeTransactions file: the counts the import
 * keeps are checked against counts computed here from the CSV by another parser, then the radar
 * shows the signal on a known row. Each describe rewrites the award keys with its own prefix, so
 * its awards are the only ones it reads.
 */
const FIXTURES = path.join(import.meta.dirname, '../awards/import/fixtures');
const TRANSACTIONS = readFileSync(path.join(FIXTURES, 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv'), 'utf8');
const SUMMARIES = readFileSync(path.join(FIXTURES, 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv'), 'utf8');

/** The file with every award key given a prefix (CONT_AWD_X → CONT_AWD_{tag}X), as a stream. */
const tagged = (csv: string, tag: string) => csv.replace(/(^|,)CONT_(AWD|IDV)_/gm, `$1CONT_$2_${tag}`);
const streamOf = (csv: string) => Readable.from([Buffer.from(csv)]);

interface Expected {
  mods: string[];
  modificationCount: number;
  extensionCount: number;
}

/** Counts from the CSV, computed independently of the importer and its SQL. */
function expectedCounts(csv: string): Map<string, Expected> {
  const rows = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
  const byKey = new Map<string, Map<string, { action: string; end: string }>>();
  for (const r of rows) {
    const key = r.contract_award_unique_key!;
    const end =
      key.startsWith('CONT_IDV_') && r.ordering_period_end_date ? r.ordering_period_end_date : r.period_of_performance_current_end_date!;
    const mods = byKey.get(key) ?? new Map<string, { action: string; end: string }>();
    byKey.set(key, mods);
    const seen = mods.get(r.modification_number!);
    const next = { action: r.action_date!, end: end.slice(0, 10) };
    if (!seen || next.action > seen.action || (next.action === seen.action && next.end > seen.end)) mods.set(r.modification_number!, next);
  }
  const out = new Map<string, Expected>();
  for (const [key, mods] of byKey) {
    const ordered = [...mods.entries()].sort(([ka, a], [kb, b]) =>
      a.action === b.action ? ka.localeCompare(kb) : a.action.localeCompare(b.action),
    );
    const ends = ordered.map(([, m]) => m.end).filter((e) => e !== '');
    let extensions = 0;
    for (let i = 1; i < ends.length; i++) if (ends[i]! > ends[i - 1]!) extensions++;
    out.set(key, {
      mods: [...mods.keys()].sort(),
      modificationCount: [...mods.keys()].filter((m) => m !== '0').length,
      extensionCount: extensions,
    });
  }
  return out;
}

let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = (await createUser(t.db, t.config, { name: 'Maria Member' })).token;
});
afterAll(async () => {
  await t.close();
});

async function stored(tag: string) {
  const rows = await t.db
    .select({
      key: awards.awardKey,
      modifications: awards.modifications,
      modificationCount: awards.modificationCount,
      extensionCount: awards.extensionCount,
      updatedAt: awards.updatedAt,
    })
    .from(awards)
    .where(like(awards.awardKey, `CONT\\_%\\_${tag}%`));
  return new Map(rows.map((r) => [r.key, r]));
}

function expectCountsOf(rows: Awaited<ReturnType<typeof stored>>, expected: Map<string, Expected>) {
  expect(rows.size).toBe(expected.size);
  for (const [key, e] of expected) {
    const row = rows.get(key);
    expect(Object.keys(row?.modifications ?? {}).sort(), key).toEqual(e.mods);
    expect({ m: row?.modificationCount, x: row?.extensionCount }, key).toEqual({ m: e.modificationCount, x: e.extensionCount });
  }
}

describe('modification history from the real PrimeTransactions file', () => {
  const csv = tagged(TRANSACTIONS, 'ONE');
  const expected = expectedCounts(csv);

  it('stores, per award, the modification numbers and the counts computed independently from the CSV', async () => {
    const result = await importAwardsCsv(t.db, streamOf(csv));
    expect(result.malformed).toBe(0);
    expectCountsOf(await stored('ONE'), expected);
    // The file does hold awards above and below the thresholds, so the checks below mean something.
    expect(expected.get('CONT_AWD_ONEN6600119C4020_9700_-NONE-_-NONE-')).toMatchObject({ modificationCount: 13, extensionCount: 7 });
    expect([...expected.values()].filter((e) => e.modificationCount === 0).length).toBeGreaterThan(10);
  });

  it('writes nothing when the same file is imported again', async () => {
    const before = await stored('ONE');
    const result = await importAwardsCsv(t.db, streamOf(csv));
    expect(result).toMatchObject({ inserted: 0, updated: 0 });
    const after = await stored('ONE');
    for (const [key, row] of before) expect(after.get(key), key).toEqual(row);
  });

  it('adds up two files, whichever is imported first', async () => {
    const split = tagged(TRANSACTIONS, 'TWO');
    const [header, ...lines] = split.trimEnd().split('\n');
    // The fixture has no line break inside a quoted field, so halves by line are halves by row.
    expect(lines.length).toBe(parse(split, { columns: true }).length);
    const half = Math.floor(lines.length / 2);
    const newer = [header, ...lines.slice(half)].join('\n') + '\n';
    const older = [header, ...lines.slice(0, half)].join('\n') + '\n';
    await importAwardsCsv(t.db, streamOf(newer));
    await importAwardsCsv(t.db, streamOf(older));
    expectCountsOf(await stored('TWO'), expectedCounts(split));
  });

  it('keeps the counts when a summary row of the same award comes later', async () => {
    const before = await stored('ONE');
    await importAwardsCsv(t.db, streamOf(tagged(SUMMARIES, 'ONE')));
    const after = await stored('ONE');
    const key = 'CONT_AWD_ONEN6600119C4020_9700_-NONE-_-NONE-';
    expect(after.get(key)).toMatchObject({ modificationCount: 13, extensionCount: 7, modifications: before.get(key)!.modifications });
  });

  it('leaves the counts unknown (null, not 0) for an award known only from a summary file', async () => {
    await importAwardsCsv(t.db, streamOf(tagged(SUMMARIES, 'SUM')));
    const rows = await stored('SUM');
    expect(rows.size).toBeGreaterThan(100);
    for (const [key, row] of rows)
      expect({ h: row.modifications, m: row.modificationCount, x: row.extensionCount }, key).toEqual({ h: null, m: null, x: null });
  });
});

describe('GET /radar: many modifications or extensions', () => {
  const naics = '444444';
  const keyOf = (piid: string) => `CONT_AWD_RADAR${piid}_9700_-NONE-_-NONE-`;
  const keyOf8000 = (piid: string) => `CONT_AWD_RADAR${piid}_8000_-NONE-_-NONE-`;
  const MANY = keyOf('N6600119C4020'); // 13 modifications, 7 extensions
  const EXTENDED = keyOf8000('NNJ11HD41P'); // 6 modifications, 2 extensions
  const BELOW = keyOf('FA865009C7915'); // 5 modifications, 0 extensions
  const SUMMARY_ONLY = 'CONT_AWD_RSUMN6600119C4020_9700_-NONE-_-NONE-';

  beforeAll(async () => {
    await importAwardsCsv(t.db, streamOf(tagged(TRANSACTIONS, 'RADAR')));
    await importAwardsCsv(t.db, streamOf(tagged(SUMMARIES, 'RSUM')));
    // Into this describe's NAICS and the radar's window (the fixture's contracts ended years ago),
    // with none of the other signals, so only the one under test can show.
    await t.db
      .update(awards)
      .set({
        naicsCode: naics,
        currentEndDate: addMonthsUtc(new Date(), 9),
        offersReceived: 3,
        extentCompetedCode: 'A',
        obligatedAmount: '1.00',
        baseAndAllOptionsValue: '1000.00',
      })
      .where(inArray(awards.awardKey, [MANY, EXTENDED, BELOW, SUMMARY_ONLY]));
  });

  const radarRows = async (query: string) => {
    const res = await t.injectAs(member, { method: 'GET', url: `/api/radar?naics=${naics}&page_size=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RadarResponse).data;
  };

  it('flags an award modified 10 times or more, with what it means and the data it came from', async () => {
    const rows = await radarRows('');
    expect(rows.map((r) => r.award_key).sort()).toEqual([MANY, EXTENDED, BELOW, SUMMARY_ONLY].sort());
    const signal = rows.find((r) => r.award_key === MANY)!.signals;
    expect(signal).toEqual([
      {
        kind: 'many_modifications',
        label: 'Modified 13+ times',
        explanation:
          'Modified at least 13 times; end date extended at least 7 times — the customer kept this contract running rather than recompeting it.',
        // The base award's end date, then P00013's (the latest action), as the CSV says.
        evidence:
          'modifications after the base seen: 13; end-date extensions seen: 7; from 14 modification numbers in the imported transactions; end date 2020-03-24 → 2024-05-31',
      },
    ]);
  });

  it('flags an award whose end date was extended twice, and not one below both thresholds or with unknown counts', async () => {
    const rows = await radarRows('');
    expect(rows.find((r) => r.award_key === EXTENDED)!.signals.map((s) => [s.label, s.explanation])).toEqual([
      [
        'Extended 2+ times',
        'Modified at least 6 times; end date extended at least 2 times — the customer kept this contract running rather than recompeting it.',
      ],
    ]);
    expect(rows.find((r) => r.award_key === BELOW)!.signals).toEqual([]);
    expect(rows.find((r) => r.award_key === SUMMARY_ONLY)!.signals).toEqual([]);
  });

  it('keeps the same rows on signals_only as the signals are shown on', async () => {
    const only = await radarRows('&signals_only=true');
    expect(only.map((r) => r.award_key).sort()).toEqual([MANY, EXTENDED].sort());
    const stored = await t.db
      .select()
      .from(awards)
      .where(inArray(awards.awardKey, [MANY, EXTENDED, BELOW, SUMMARY_ONLY]));
    expect(
      stored
        .filter((a) => radarSignals(a).length > 0)
        .map((a) => a.awardKey)
        .sort(),
    ).toEqual([MANY, EXTENDED].sort());
  });
});
