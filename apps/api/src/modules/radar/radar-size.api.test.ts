import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RadarResponse } from '@biddesk/shared';
import { createAward } from '../../../test/award-factory';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { awards } from '../../db/schema/index';
import { importAwardsCsv } from '../awards/import/import-awards-csv';
import { addMonthsUtc } from './radar-window';

/**
 * "A small-business incumbent that outgrew its size": the size determination the import stores,
 * checked against the CSV read by another parser, then the signal on known rows.
 */
const FIXTURES = path.join(import.meta.dirname, '../awards/import/fixtures');
const TRANSACTIONS = readFileSync(path.join(FIXTURES, 'Contracts_PrimeTransactions_2026-06-25_H19M12S58_1.csv'), 'utf8');
const SUMMARIES = readFileSync(path.join(FIXTURES, 'Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv'), 'utf8');

type Row = Record<string, string>;
const CODE = 'contracting_officers_determination_of_business_size_code';
const TEXT = 'contracting_officers_determination_of_business_size';
const streamOf = (csv: string) => Readable.from([Buffer.from(csv)]);
const rowsOf = (csv: string) => parse(csv, { columns: true, bom: true }) as Row[];

/** The file's rows with every award key given a prefix, and some sizes rewritten by `edit`. */
function variant(csv: string, tag: string, edit: (r: Row, i: number) => void = () => {}): { csv: string; rows: Row[] } {
  const rows = rowsOf(csv).map((r, i) => {
    const out = { ...r, contract_award_unique_key: r.contract_award_unique_key!.replace(/^CONT_(AWD|IDV)_/, `CONT_$1_${tag}`) };
    edit(out, i);
    return out;
  });
  return { csv: stringify(rows, { header: true }), rows };
}

/** S, O or null per award as the file says it: the latest action's row (file order breaking ties). */
function expectedSizes(rows: Row[], dateColumn: string): Map<string, string | null> {
  const latest = new Map<string, Row>();
  for (const r of rows) {
    const seen = latest.get(r.contract_award_unique_key!);
    if (!seen || r[dateColumn]! >= seen[dateColumn]!) latest.set(r.contract_award_unique_key!, r);
  }
  const sizeOf = (r: Row) =>
    r[CODE] === 'S' || r[CODE] === 'O'
      ? r[CODE]
      : r[TEXT] === 'SMALL BUSINESS'
        ? 'S'
        : r[TEXT] === 'OTHER THAN SMALL BUSINESS'
          ? 'O'
          : null;
  return new Map([...latest].map(([k, r]) => [k, sizeOf(r)]));
}

const tally = (sizes: Iterable<string | null>) => {
  const out: Record<string, number> = {};
  for (const s of sizes) out[String(s)] = (out[String(s)] ?? 0) + 1;
  return out;
};

let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  member = (await createUser(t.db, t.config, { name: 'Maria Member' })).token;
});
afterAll(async () => {
  await t.close();
});

async function storedSizes(tag: string): Promise<Map<string, string | null>> {
  const rows = await t.db
    .select({ key: awards.awardKey, size: awards.businessSize })
    .from(awards)
    .where(like(awards.awardKey, `CONT\\_%\\_${tag}%`));
  return new Map(rows.map((r) => [r.key, r.size]));
}

describe('business size from the real USAspending files', () => {
  it('stores the summaries file as it says: every award other than small', async () => {
    const { csv, rows } = variant(SUMMARIES, 'BSA');
    const expected = expectedSizes(rows, 'award_latest_action_date');
    expect(tally(expected.values())).toEqual({ O: 104 });
    const result = await importAwardsCsv(t.db, streamOf(csv));
    expect(result.malformed).toBe(0);
    expect(await storedSizes('BSA')).toEqual(expected);
  });

  it('reads the code, falls back to the text, and stores null when neither says', async () => {
    const { csv, rows } = variant(SUMMARIES, 'BSB', (r, i) => {
      if (i % 4 === 0) Object.assign(r, { [CODE]: 'S', [TEXT]: 'SMALL BUSINESS' });
      if (i % 4 === 1) Object.assign(r, { [CODE]: '', [TEXT]: 'SMALL BUSINESS' });
      if (i % 4 === 2) Object.assign(r, { [CODE]: '', [TEXT]: '' });
    });
    const expected = expectedSizes(rows, 'award_latest_action_date');
    const counts = tally(expected.values());
    expect(counts.S).toBeGreaterThan(0);
    expect(counts.O).toBeGreaterThan(0);
    expect(counts.null).toBeGreaterThan(0);
    await importAwardsCsv(t.db, streamOf(csv));
    expect(await storedSizes('BSB')).toEqual(expected);
  });

  it('keeps the latest transaction size per award, and a re-import writes nothing', async () => {
    // Every third transaction says small: an award whose latest action says other than small stays O.
    const { csv, rows } = variant(TRANSACTIONS, 'BST', (r, i) => {
      if (i % 3 === 0) Object.assign(r, { [CODE]: 'S', [TEXT]: 'SMALL BUSINESS' });
    });
    const expected = expectedSizes(rows, 'action_date');
    const counts = tally(expected.values());
    expect(counts.S).toBeGreaterThan(0);
    expect(counts.O).toBeGreaterThan(0);
    expect(rows.length).toBeGreaterThan(expected.size);
    expect((await importAwardsCsv(t.db, streamOf(csv))).malformed).toBe(0);
    expect(await storedSizes('BST')).toEqual(expected);
    expect(await importAwardsCsv(t.db, streamOf(csv))).toMatchObject({ inserted: 0, updated: 0 });
    expect(await storedSizes('BST')).toEqual(expected);
  });
});

describe('GET /radar: a small business that outgrew its size', () => {
  const naics = '561210';
  const inWindow = { naicsCode: naics, currentEndDate: addMonthsUtc(new Date(), 9), startDate: '2021-04-01' };
  // The later awards end outside the window, so only the small awards are radar rows.
  const later = { naicsCode: naics, currentEndDate: null, startDate: '2025-03-10', businessSize: 'O' as const };

  beforeAll(async () => {
    await createAward(t.db, { ...inWindow, piid: 'SZ-HIT', recipientUei: 'SZHIT0000001', businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-LATER-O', recipientUei: 'SZHIT0000001' });
    // Known only by its latest action date: that date counts as its start.
    await createAward(t.db, { ...inWindow, piid: 'SZ-ACTION', recipientUei: 'SZACT0000001', businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-ACTION-O', recipientUei: 'SZACT0000001', startDate: null, lastActionDate: '2024-07-02' });

    await createAward(t.db, { ...inWindow, piid: 'SZ-OTHER-NAICS', recipientUei: 'SZNAI0000001', businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-OTHER-NAICS-O', recipientUei: 'SZNAI0000001', naicsCode: '561211' });
    await createAward(t.db, { ...inWindow, piid: 'SZ-EARLIER', recipientUei: 'SZEAR0000001', businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-EARLIER-O', recipientUei: 'SZEAR0000001', startDate: '2019-01-15' });
    // Same name, another UEI: a namesake, never the same vendor.
    await createAward(t.db, {
      ...inWindow,
      piid: 'SZ-OTHER-UEI',
      recipientUei: 'SZUEI0000001',
      recipientName: 'ACME LLC',
      businessSize: 'S',
    });
    await createAward(t.db, { ...later, piid: 'SZ-OTHER-UEI-O', recipientUei: 'SZUEI0000002', recipientName: 'ACME LLC' });
    await createAward(t.db, { ...inWindow, piid: 'SZ-NULL-HERE', recipientUei: 'SZNUL0000001', businessSize: null });
    await createAward(t.db, { ...later, piid: 'SZ-NULL-HERE-O', recipientUei: 'SZNUL0000001' });
    await createAward(t.db, { ...inWindow, piid: 'SZ-NULL-LATER', recipientUei: 'SZNUL0000002', businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-NULL-LATER-X', recipientUei: 'SZNUL0000002', businessSize: null });
    await createAward(t.db, { ...inWindow, piid: 'SZ-NO-UEI', recipientUei: null, businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-NO-UEI-O', recipientUei: null });
    await createAward(t.db, { ...inWindow, piid: 'SZ-NO-START', recipientUei: 'SZSTA0000001', startDate: null, businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-NO-START-O', recipientUei: 'SZSTA0000001' });
    await createAward(t.db, { ...inWindow, piid: 'SZ-NO-NAICS', recipientUei: 'SZNAI0000009', naicsCode: null, businessSize: 'S' });
    await createAward(t.db, { ...later, piid: 'SZ-NO-NAICS-O', recipientUei: 'SZNAI0000009', naicsCode: null });
  });

  const radarRows = async (query: string) => {
    const res = await t.injectAs(member, { method: 'GET', url: `/api/radar?naics=${naics}&page_size=100${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as RadarResponse).data;
  };

  it('flags a small award whose recipient was found other than small later in its NAICS, with the data it came from', async () => {
    const rows = await radarRows('');
    expect(rows.find((r) => r.piid === 'SZ-HIT')!.signals).toEqual([
      {
        kind: 'outgrew_size',
        label: 'Outgrew small size',
        explanation:
          'Small business at this award (2021); on a later award in NAICS 561210 (Mar 2025) the contracting officer found it other than small — it may not qualify for a small-business set-aside recompete.',
        evidence: 'business size here: small (S), start 2021-04-01; award SZ-LATER-O, 2025-03-10: other than small (O)',
      },
    ]);
    expect(rows.find((r) => r.piid === 'SZ-ACTION')!.signals.map((s) => s.evidence)).toEqual([
      'business size here: small (S), start 2021-04-01; award SZ-ACTION-O, 2024-07-02: other than small (O)',
    ]);
  });

  it('shows nothing for another NAICS, an earlier award, another UEI, or missing size, UEI or start', async () => {
    const rows = await radarRows('');
    expect(rows.map((r) => r.piid).sort()).toEqual(
      [
        'SZ-HIT',
        'SZ-ACTION',
        'SZ-OTHER-NAICS',
        'SZ-EARLIER',
        'SZ-OTHER-UEI',
        'SZ-NULL-HERE',
        'SZ-NULL-LATER',
        'SZ-NO-UEI',
        'SZ-NO-START',
      ].sort(),
    );
    const quiet = rows.filter((r) => !['SZ-HIT', 'SZ-ACTION'].includes(r.piid));
    for (const r of quiet) expect(r.signals, r.piid).toEqual([]);
    // Without a NAICS filter (the imported fixture awards ended years ago, outside the window).
    const all = (await t.injectAs(member, { method: 'GET', url: '/api/radar?page_size=100' })).json() as RadarResponse;
    expect(all.data.find((r) => r.piid === 'SZ-NO-NAICS')!.signals).toEqual([]);
  });

  it('keeps exactly the flagged rows on signals_only', async () => {
    expect((await radarRows('&signals_only=true')).map((r) => r.piid).sort()).toEqual(['SZ-ACTION', 'SZ-HIT']);
  });

  it('says in its caveats that a size determination is per contract', async () => {
    const res = await t.injectAs(member, { method: 'GET', url: `/api/radar?naics=${naics}` });
    expect((res.json() as RadarResponse).caveats.join(' ')).toContain('each is per contract, not an SBA ruling');
  });
});
