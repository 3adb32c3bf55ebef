import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/test-database';
import type { Database } from '../../../db/client';
import { opportunities } from '../../../db/schema/index';
import { importOpportunitiesCsv } from './import-csv';
import { parseSamDate } from '../../../lib/sam-dates';

const REAL_CSV = path.resolve(import.meta.dirname, '../../../../data-seed/contract-opportunities-real.csv');
const HEADER = readFileSync(REAL_CSV, 'utf8').split('\n')[0]!.trimEnd();
const COLUMNS = HEADER.split(',');

/** A CSV line in the extract's column order from the given fields (RFC 4180 quoting). */
function line(fields: Record<string, string>): string {
  return COLUMNS.map((c) => {
    const v = fields[c] ?? '';
    return /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function count(): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(opportunities);
  return row!.n;
}

describe('parseSamDate', () => {
  it('reads every form SAM uses as a real timestamp', () => {
    expect(parseSamDate('2026-03-15 06:44:18.17-04')?.toISOString()).toBe('2026-03-15T10:44:18.170Z');
    expect(parseSamDate('2026-03-20T15:00:00+09:00')?.toISOString()).toBe('2026-03-20T06:00:00.000Z');
    expect(parseSamDate('2026-03-23', 'end')?.toISOString()).toBe('2026-03-23T23:59:00.000Z');
    expect(parseSamDate('03/23/2026')?.toISOString()).toBe('2026-03-23T12:00:00.000Z');
    expect(parseSamDate('')).toBeNull();
    expect(parseSamDate('next tuesday')).toBeUndefined();
    expect(parseSamDate('2026-02-30')).toBeUndefined();
  });
});

describe('importOpportunitiesCsv', () => {
  it('imports the real extract rows, and a re-import updates without duplicating', async () => {
    const progress: number[] = [];
    const first = await importOpportunitiesCsv(database.db, createReadStream(REAL_CSV), { onProgress: (p) => progress.push(p.imported) });
    expect(first.malformed).toBe(0);
    expect(first.rows).toBe(3882);
    expect(first.inserted).toBe(await count());
    expect(progress.length).toBeGreaterThan(1);

    const [navajo] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, '93ff6984aa124180ac68e67f7d1ab55d'));
    expect(navajo).toMatchObject({
      title: 'F--Navajo Area - Abandoned Mines Response and Construction Services',
      solicitationNumber: '68HE0926R0006',
      department: 'ENVIRONMENTAL PROTECTION AGENCY',
      setAsideCode: 'SBA',
      naicsCode: '562910',
      pscCode: 'F108',
      active: true,
      link: 'https://sam.gov/workspace/contract/opp/93ff6984aa124180ac68e67f7d1ab55d/view',
    });
    expect(navajo!.postedDate?.toISOString()).toBe('2026-04-25T03:24:04.649Z');
    expect(navajo!.responseDeadline?.toISOString()).toBe('2026-05-01T23:30:00.000Z');
    expect(navajo!.contacts[0]).toMatchObject({ type: 'primary', full_name: 'Hill, Wanda', email: 'hill.wanda@epa.gov' });
    expect(navajo!.description).toMatch(/^Pre-Solicitation Notice Amendment/);

    // The same file again: every row's content hash matches, nothing is written.
    const [{ maxUpdated }] = (await database.db.select({ maxUpdated: sql<string>`max(updated_at)::text` }).from(opportunities)) as [
      { maxUpdated: string },
    ];
    const again = await importOpportunitiesCsv(database.db, createReadStream(REAL_CSV));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: first.inserted, imported: 3882 });
    expect(await count()).toBe(first.inserted);
    const [after] = await database.db.select({ maxUpdated: sql<string>`max(updated_at)::text` }).from(opportunities);
    expect(after!.maxUpdated).toBe(maxUpdated);
  }, 120_000);

  it('writes only rows whose content changed (content hash), and new rows', async () => {
    const base = [
      line({ NoticeId: 'hash000001', Title: 'Stays', NaicsCode: '541511' }),
      line({ NoticeId: 'hash000002', Title: 'Changes', NaicsCode: '541511' }),
    ];
    const first = await importOpportunitiesCsv(database.db, Readable.from([[HEADER, ...base].join('\n')]));
    expect(first).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    const [stays] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'hash000001'));
    expect(stays!.contentHash).toMatch(/^[A-Za-z0-9+/]{27}=$/);

    const next = [
      base[0]!,
      line({ NoticeId: 'hash000002', Title: 'Changes', NaicsCode: '541512' }),
      line({ NoticeId: 'hash000003', Title: 'New' }),
    ];
    const second = await importOpportunitiesCsv(database.db, Readable.from([[HEADER, ...next].join('\n')]));
    expect(second).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, imported: 3 });
    const [changed] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'hash000002'));
    expect(changed!.naicsCode).toBe('541512');
    const [staysAfter] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'hash000001'));
    expect(staysAfter!.updatedAt).toEqual(stays!.updatedAt);
  });

  it('reads windows-1252 with a BOM and quoted commas, quotes and newlines', async () => {
    const csv =
      [
        HEADER,
        line({
          NoticeId: 'cp1252aaaa',
          Title: 'Caf\u00e9 \u201cservices\u201d \u2013 phase 2',
          Description: 'Line one,\nline "two"',
          PostedDate: '2026-01-05 10:00:00.5-05',
          NaicsCode: '722310',
        }),
      ].join('\r\n') + '\r\n';
    // A UTF-8 BOM in front of windows-1252 text: what Excel-saved exports look like.
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), iconv.encode(csv, 'win1252')]);
    const result = await importOpportunitiesCsv(database.db, Readable.from([bytes]));
    expect(result).toMatchObject({ rows: 1, imported: 1, malformed: 0, cp1252_lines: 1 });
    const [row] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'cp1252aaaa'));
    expect(row!.title).toBe('Caf\u00e9 \u201cservices\u201d \u2013 phase 2');
    expect(row!.description).toBe('Line one,\nline "two"');
  });

  it('decodes UTF-8 split across chunk boundaries in the middle of a character', async () => {
    const bytes = Buffer.from(
      [HEADER, line({ NoticeId: 'utf8split1', Title: 'Ma\u00f1ana \u2014 na\u00efve r\u00e9sum\u00e9' })].join('\n'),
      'utf8',
    );
    const chunks = Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));
    const result = await importOpportunitiesCsv(database.db, Readable.from(chunks));
    expect(result).toMatchObject({ imported: 1, cp1252_lines: 0 });
    const [row] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'utf8split1'));
    expect(row!.title).toBe('Ma\u00f1ana \u2014 na\u00efve r\u00e9sum\u00e9');
  });

  it('counts and reports malformed rows without storing them or stopping', async () => {
    const before = await count();
    const csv = [
      HEADER,
      line({ NoticeId: 'goodrow001', Title: 'Good one' }),
      'brokenrow1,Too few columns',
      line({ NoticeId: '', Title: 'No notice id' }),
      line({ NoticeId: 'baddate001', Title: 'Bad date', PostedDate: 'yesterday' }),
      line({ NoticeId: 'goodrow002', Title: 'Good two' }),
    ].join('\n');
    const result = await importOpportunitiesCsv(database.db, Readable.from([csv]));
    expect(result).toMatchObject({ rows: 5, imported: 2, malformed: 3 });
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5]);
    expect(result.errors[2]!.reason).toContain('PostedDate');
    expect(await count()).toBe(before + 2);
  });

  it('reads files that mix CRLF and LF, and reports file line numbers after multi-line fields', async () => {
    const csv =
      `${HEADER}\r\n` +
      `${line({ NoticeId: 'mixedeol01', Title: 'First', Description: 'one\r\ntwo\r\nthree' })}\n` +
      '\r\n' +
      `${line({ NoticeId: 'mixedeol02', Title: 'Second', PostedDate: 'soon' })}\r\n` +
      `${line({ NoticeId: 'mixedeol03', Title: 'Third' })}`;
    const result = await importOpportunitiesCsv(database.db, Readable.from([csv]));
    expect(result).toMatchObject({ rows: 3, imported: 2, malformed: 1 });
    // Header 1, first record 2-4, empty line 5, the bad record 6.
    expect(result.errors).toEqual([{ line: 6, reason: 'invalid PostedDate "soon" for mixedeol02' }]);
    const [row] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'mixedeol03'));
    expect(row!.title).toBe('Third');
  });

  it('writes in concurrent lanes and still lets the last row of a notice win', async () => {
    const csv = [
      HEADER,
      line({ NoticeId: 'lanes00001', Title: 'Version one' }),
      ...Array.from({ length: 9 }, (_, i) => line({ NoticeId: `lanesfill${i}`, Title: `Filler ${i}` })),
      line({ NoticeId: 'lanes00001', Title: 'Version two' }),
      line({ NoticeId: 'lanesfill9', Title: 'Filler last' }),
      line({ NoticeId: 'lanes00001', Title: 'Version three' }),
    ].join('\n');
    const result = await importOpportunitiesCsv(database.db, Readable.from([csv]), { batchSize: 2, concurrency: 2 });
    expect(result).toMatchObject({ rows: 13, imported: 13, malformed: 0, inserted: 11 });
    const [row] = await database.db.select().from(opportunities).where(eq(opportunities.noticeId, 'lanes00001'));
    expect(row!.title).toBe('Version three');
  });

  it('keeps going after an unterminated quote at the end of the file', async () => {
    const csv = `${HEADER}\n${line({ NoticeId: 'beforequote', Title: 'Fine' })}\nafterquote,"never closed`;
    const result = await importOpportunitiesCsv(database.db, Readable.from([csv]));
    expect(result.imported).toBe(1);
    expect(result.malformed).toBe(1);
  });

  it('refuses a file that is not the extract format', async () => {
    await expect(importOpportunitiesCsv(database.db, Readable.from(['id,name\n1,x\n']))).rejects.toMatchObject({
      statusCode: 400,
      detail: 'Not a SAM.gov Contract Opportunities CSV: missing column NoticeId, Title',
    });
    await expect(importOpportunitiesCsv(database.db, Readable.from(['']))).rejects.toMatchObject({
      statusCode: 400,
      detail: 'The CSV file is empty',
    });
  });
});
