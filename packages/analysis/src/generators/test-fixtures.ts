/** Realistic inputs shared by the generator tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractRequirements } from '../requirements';
import type { Requirement, SectionCode } from '../types';
import type { OpportunityFacts } from './types';

export const NOW = new Date('2027-01-05T15:00:00Z');

export const UCF_PAGES = [
  {
    page: 1,
    text: `SECTION C - DESCRIPTION/SPECIFICATIONS/STATEMENT OF WORK
C.1 SCOPE
C.1.1 The Contractor shall provide all labor, supervision, equipment and materials necessary to perform
custodial services at Building 12 as specified herein.
C.1.2 The Contractor shall submit a Quality Control Plan within 15 days after award.
C.1.3 The Contractor shall clean restrooms as needed and report issues through the CMMS.
C.1.4 Contractor personnel should wear identification badges at all times.`,
  },
  {
    page: 2,
    text: `SECTION L - INSTRUCTIONS, CONDITIONS AND NOTICES TO OFFERORS
L.1 GENERAL
Proposals shall be submitted electronically via PIEE no later than 2:00 p.m. local time on January 20, 2027.
L.2 PROPOSAL FORMAT
(1) Volume I, Technical, is limited to 25 pages.
(2) Volume II, Past Performance, shall include three references for contracts of similar size and scope.
(3) Volume III, Price, shall include the completed CLIN price schedule | with unit prices.
(4) Use 12-point Times New Roman font with one-inch margins.`,
  },
  {
    page: 3,
    text: `SECTION M - EVALUATION FACTORS FOR AWARD
M.1 BASIS FOR AWARD
Award will be made to the offeror whose proposal represents the best value to the Government.
The Government will evaluate proposals using the following factors:
Factor 1 - Technical Approach
Factor 2 - Past Performance
Factor 3 - Price
Factor 1 is significantly more important than Factor 2.
M.2 TECHNICAL APPROACH
Does the offeror's approach demonstrate a clear understanding of the requirements?`,
  },
];

export function ucfRequirements(): Requirement[] {
  return extractRequirements(UCF_PAGES);
}

export const UCF_FACTS: OpportunityFacts = {
  title: 'Custodial Services, Building 12',
  solicitation_number: 'N40085-27-R-0012',
  agency: 'Department of the Navy',
  sub_tier: 'NAVFAC',
  office: 'NAVFAC Mid-Atlantic',
  notice_type: 'Solicitation',
  naics: '561720',
  psc: 'S201',
  set_aside: 'SBA',
  set_aside_description: 'Total Small Business Set-Aside (FAR 19.5)',
  posted_date: '2026-12-15',
  response_date: '2027-01-20T14:00:00-05:00',
  description:
    'See attached.  This is a combined synopsis/solicitation for commercial services. The Navy requires custodial services for Building 12 at Naval Station Norfolk, including   restroom cleaning, trash removal and floor care.\n\nThe period of performance is one base year and four option years.',
  place_of_performance: 'Norfolk, VA',
  contacts: [{ name: 'Jane Smith', email: 'jane.smith@navy.mil', phone: null }],
};

/** The labelled GSA/DOL 14(c) RFQ rows, numbered per section like extractRequirements does. */
export function gsaRequirements(): Requirement[] {
  // Same data location and override as dev-set.test.ts.
  const dir = process.env.RFP_DATA_DIR ?? fileURLToPath(new URL('../../../../../shared/data/rfp', import.meta.url));
  const path = `${dir}/gsa-dol-14c-rfq.jsonl`;
  const counters: Record<SectionCode, number> = { L: 0, M: 0, C: 0, other: 0 };
  const prefix: Record<SectionCode, string> = { L: 'L', M: 'M', C: 'C', other: 'O' };
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { text: string; section: SectionCode; must_or_should: 'must' | 'should'; char_start: number })
    .sort((a, b) => a.char_start - b.char_start)
    .map((row) => {
      counters[row.section] += 1;
      return {
        requirement_id: `${prefix[row.section]}-${String(counters[row.section]).padStart(3, '0')}`,
        section: row.section,
        must_or_should: row.must_or_should,
        weight: row.section === 'M' ? 2 : 1,
        text: row.text,
        page: Math.floor(row.char_start / 3000) + 1,
      };
    });
}

export const GSA_FACTS: OpportunityFacts = {
  title: 'DOL WHD 14(c) Web Application Tool',
  solicitation_number: '1595586',
  agency: 'General Services Administration',
  office: 'Technology Transformation Service',
  naics: '541511',
  psc: 'D302',
  set_aside: null,
  posted_date: '2017-06-20',
  response_date: '2017-07-10T13:00:00-04:00',
  description:
    'GSA TTS seeks an agile development team to enhance the 14(c) Web Application Tool for the Department of Labor Wage and Hour Division.',
};

/** Every [X-NNN] id cited in a document. */
export function citedIds(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\[([LMCO]-[0-9a-z]+(?:[.()-]+[0-9a-z]+)*\)?)\]/g)].map((m) => m[1]))];
}
