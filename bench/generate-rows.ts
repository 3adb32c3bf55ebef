import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';

const REAL_CSV = path.resolve(import.meta.dirname, '../apps/api/data-seed/contract-opportunities-real.csv');

// Columns that belong together in a real notice are sampled as one group from the same real row,
// so a generated row never pairs an EPA office with a DoD CGAC or one person's email with another's name.
const GROUPS = [
  [
    'Department/Ind.Agency',
    'CGAC',
    'Sub-Tier',
    'FPDS Code',
    'Office',
    'AAC Code',
    'OrganizationType',
    'State',
    'City',
    'ZipCode',
    'CountryCode',
  ],
  ['Type', 'BaseType', 'ArchiveType'],
  ['SetASideCode', 'SetASide'],
  ['NaicsCode', 'ClassificationCode'],
  ['PopStreetAddress', 'PopCity', 'PopState', 'PopZip', 'PopCountry'],
  ['AwardNumber', 'AwardDate', 'Award$', 'Awardee'],
  ['PrimaryContactTitle', 'PrimaryContactFullname', 'PrimaryContactEmail', 'PrimaryContactPhone', 'PrimaryContactFax'],
  ['SecondaryContactTitle', 'SecondaryContactFullname', 'SecondaryContactEmail', 'SecondaryContactPhone', 'SecondaryContactFax'],
  ['Title'],
  ['Description'],
  ['AdditionalInfoLink'],
  ['Active'],
];

/** Deterministic PRNG (mulberry32) so a benchmark run is repeatable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

// In the real rows 3,862 notices with a solicitation number fall into 3,479 solicitations (agency +
// number): about 1 notice in 10 is an amendment or update of a solicitation already listed.
const JOINS_EARLIER_SOLICITATION = 0.1;
const SOLICITATION_COLUMNS = ['Sol#', ...GROUPS[0]!];

/**
 * N rows in the real ContractOpportunitiesFullCSV format (47 columns, same header), with value
 * distributions drawn from the 3,882 real rows: each group of related columns is copied from a
 * random real row; ids are fresh; posting dates spread over the last year with the real spread of
 * posting-to-deadline gaps. Solicitations are grouped as in the real rows: a fresh solicitation
 * number per notice (the real number with a unique suffix), and one notice in ten another notice of
 * an earlier solicitation (its number and agency). Before, numbers were drawn from the 3,882 real
 * ones, so at 120,000 rows a solicitation had ~17 notices and grouping dominated the import. The same seed and `now` give the same file; `changedEvery: 50` alters the
 * title of every 50th row (2%), the re-import benchmark's "changed" file.
 */
export function generateCsv(rows: number, seed = 42, opts: { now?: number; changedEvery?: number } = {}): Readable {
  const text = readFileSync(REAL_CSV, 'utf8');
  const records = parse(text, { columns: true, bom: true }) as Record<string, string>[];
  const header = Object.keys(records[0]!);
  const gaps = records
    .map((r) => Date.parse(r.ResponseDeadLine ?? '') - Date.parse((r.PostedDate ?? '').replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')))
    .filter((g) => Number.isFinite(g) && g > 0);
  const random = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const now = opts.now ?? Date.now();
  let i = 0;
  const solicitations: Record<string, string>[] = [];

  return new Readable({
    read() {
      if (i === 0) this.push(`${header.join(',')}\r\n`);
      let chunk = '';
      for (let n = 0; n < 500 && i < rows; n++, i++) {
        const out: Record<string, string> = {};
        for (const group of GROUPS) {
          const source = pick(records);
          for (const column of group) out[column] = source[column] ?? '';
        }
        if (solicitations.length && random() < JOINS_EARLIER_SOLICITATION) {
          const earlier = pick(solicitations);
          for (const column of SOLICITATION_COLUMNS) out[column] = earlier[column] ?? '';
        } else {
          const number = pick(records)['Sol#'] ?? '';
          out['Sol#'] = number ? `${number}-${i.toString(36).toUpperCase()}` : '';
          if (number) solicitations.push(Object.fromEntries(SOLICITATION_COLUMNS.map((c) => [c, out[c] ?? ''])));
        }
        const noticeId = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
        const posted = new Date(now - random() * 365 * 86_400_000);
        const due = new Date(posted.getTime() + pick(gaps));
        out.NoticeId = noticeId;
        out.PostedDate = `${posted.toISOString().slice(0, 10)} ${pad(posted.getUTCHours())}:${pad(posted.getUTCMinutes())}:${pad(posted.getUTCSeconds())}.${pad(posted.getUTCMilliseconds(), 3)}-00`;
        out.ResponseDeadLine =
          random() < 0.1
            ? ''
            : due
                .toISOString()
                .replace('.000Z', '+00:00')
                .replace(/\.\d{3}Z$/, '+00:00');
        out.ArchiveDate = new Date(due.getTime() + 15 * 86_400_000).toISOString().slice(0, 10);
        out.Link = `https://sam.gov/workspace/contract/opp/${noticeId}/view`;
        if (opts.changedEvery && i % opts.changedEvery === 0) out.Title = `${out.Title ?? ''} (amended)`;
        chunk += `${header.map((h) => quote(out[h] ?? '')).join(',')}\r\n`;
      }
      this.push(chunk || null);
      if (i >= rows && chunk) this.push(null);
    },
  });
}
