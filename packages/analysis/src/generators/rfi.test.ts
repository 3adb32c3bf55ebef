import { describe, expect, it } from 'vitest';
import type { Requirement, SectionCode } from '../types';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { learnAcronyms } from './glossary';
import { generateDocument } from './index';
import { isFragment } from './rfi';
import { citedIds, GSA_FACTS, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';
import type { OpportunityFacts } from './types';

function req(id: string, text: string, must_or_should: 'must' | 'should' = 'must'): Requirement {
  const section = (id[0] === 'O' ? 'other' : id[0]) as SectionCode;
  return { requirement_id: id, section, must_or_should, weight: section === 'M' ? 2 : 1, text, page: 2 };
}

const FACTS: OpportunityFacts = { ...UCF_FACTS, place_of_performance: 'Norfolk, VA', naics: '541512' };

function rfi(reqs: Requirement[], facts: OpportunityFacts = FACTS): string {
  return generateDocument({ type: 'rfi', opportunity: facts, requirements: reqs, now: NOW });
}

function questions(md: string): string[] {
  return md
    .slice(md.indexOf('## Questions'))
    .split(/\n(?=\d+\. )/)
    .slice(1);
}

const BASE = [
  req('L-001', 'Proposals shall be submitted via email to jane.smith@navy.mil no later than January 20, 2027.'),
  req('L-002', 'Volume I, Technical, shall describe the approach to the work.'),
  req('L-003', 'Volume II, Price, shall include the completed price schedule.'),
  req('L-004', 'Use 12-point Arial font with one-inch margins.'),
  req('M-001', 'Factor 1 - Technical Approach'),
  req('M-002', 'Factor 2 - Price'),
  req('M-003', 'Factor 1 is more important than Factor 2.'),
  req('C-001', 'The Contractor shall integrate the data feeds with the KSPR within 30 days of award.'),
];

describe('rfi questions', () => {
  it('asks about a planted undefined acronym and volumes without page limits, citing the requirements', () => {
    const md = rfi(BASE);
    const qs = questions(md);
    const acronym = qs.find((q) => q.includes('"KSPR"'));
    expect(acronym).toBeDefined();
    expect(acronym).toContain('[C-001]');
    const technical = qs.find((q) => q.includes('Page limit for Volume I: Technical'));
    expect(technical).toContain('[L-002]');
    expect(qs.some((q) => q.includes('Page limit for Volume II: Price'))).toBe(true);
    // Present rules and defined things raise nothing.
    expect(md).not.toContain('Format rules');
    expect(md).not.toContain('Relative importance');
    expect(md).not.toContain('"PIEE"');
    const ids = new Set(BASE.map((r) => r.requirement_id));
    for (const id of citedIds(md)) expect(ids.has(id)).toBe(true);
  });

  it('does not ask about page limits when a limit exists', () => {
    const overall = [...BASE, req('L-005', 'The total proposal shall not exceed 30 pages, excluding the price schedule.')];
    expect(rfi(overall)).not.toMatch(/page limit/i);
    const perVolume = [
      ...BASE.slice(0, 3).map((r) => (r.requirement_id === 'L-002' ? req('L-002', 'Volume I, Technical, is limited to 20 pages.') : r)),
      req('L-003', 'Volume II, Price, shall not exceed 5 pages.'),
      ...BASE.slice(3),
    ];
    expect(rfi(perVolume)).not.toMatch(/Page limit/);
  });

  it('asks about a missing page limit and missing format rules when nothing is stated', () => {
    const md = rfi([
      req('L-001', 'Offerors shall submit a technical proposal describing their approach.'),
      req('M-001', 'The Government will evaluate the technical approach for soundness.'),
    ]);
    expect(md).toMatch(/Page limit for the Technical Volume|\*\*Page limit\.\*\*/);
    expect(md).toContain('**Format rules.**');
  });

  it('does not ask about acronyms the text spells out, including in the description', () => {
    const reqs = [
      ...BASE.filter((r) => r.requirement_id !== 'C-001'),
      req('C-001', 'The Contractor shall follow the Quality Assurance Surveillance Plan (QASP) and update the QASP monthly.'),
      req('C-002', 'The Contractor shall report to the WHD office weekly.'),
    ];
    const md = rfi(reqs, { ...FACTS, description: 'Support for the Wage and Hour Division (WHD).' });
    expect(md).not.toContain('"QASP"');
    expect(md).not.toContain('"WHD"');
  });

  it('flags a due date in the text that disagrees with the notice', () => {
    const reqs = [
      ...BASE.filter((r) => r.requirement_id !== 'L-001'),
      req('L-001', 'Proposals must be received no later than January 22, 2027 at 2:00 PM EST.'),
    ];
    const md = rfi(reqs);
    const q = questions(md).find((x) => x.includes('Conflicting due dates'));
    expect(q).toContain('Jan 20, 2027');
    expect(q).toContain('Jan 22, 2027');
    expect(q).toContain('[L-001]');
    // The matching date in BASE raises nothing.
    expect(rfi(BASE)).not.toContain('Conflicting due dates');
  });

  it('asks for the relative importance of factors when none is stated', () => {
    const md = rfi(BASE.filter((r) => r.requirement_id !== 'M-003'));
    const q = questions(md).find((x) => x.includes('Relative importance'));
    expect(q).toContain('Factor 1: Technical Approach');
    expect(q).toContain('[M-001]');
  });

  it('asks about vague wording in mandatory requirements only', () => {
    const reqs = [
      ...BASE,
      req('C-002', 'The Contractor shall provide snow removal as needed.'),
      req('C-003', 'The Contractor should replace filters as needed.', 'should'),
      req('C-004', 'Deliver reports, briefings, etc. to the COR.'),
    ];
    const qs = questions(rfi(reqs));
    expect(qs.find((q) => q.includes('("as needed")'))).toContain('[C-002]');
    expect(qs.some((q) => q.includes('[C-003]'))).toBe(false);
    expect(qs.find((q) => q.includes('("etc.")'))).toContain('[C-004]');
  });

  it('asks for a wage determination on labor services and for the place of performance when missing', () => {
    const reqs = ucfRequirements();
    const md = rfi(reqs, { ...UCF_FACTS, place_of_performance: null, description: null });
    const wage = questions(md).find((q) => q.includes('Wage determination'));
    expect(wage).toContain('[C-1.1]');
    expect(md).toContain('**Place of performance.**');
    // Stated in the notice: no question.
    expect(rfi(reqs, { ...UCF_FACTS, place_of_performance: 'Norfolk, VA' })).not.toContain('**Place of performance.**');
  });

  it('states the question deadline found in the text and the solicitation number', () => {
    const reqs = [
      ...BASE,
      req('L-006', 'Questions are due no later than January 10, 2027 and shall be sent by email to jane.smith@navy.mil.'),
    ];
    const md = rfi(reqs);
    expect(md).toContain('**Solicitation:** N40085-27-R-0012');
    // A date without a time lasts to its end (23:59 UTC, as imported deadlines): from Jan 5, 15:00 UTC
    // that is 5 days 9 hours, 6 days by SPEC §4's round-up, as a badge on that date would say.
    expect(md).toContain('**Questions due:** Jan 10, 2027 per [L-006] (6 days)');
  });

  it('says when it only had the notice to go on', () => {
    const md = rfi([]);
    expect(md).toContain('No solicitation PDF uploaded');
    expect(citedIds(md)).toEqual([]);
  });
});

describe('RFI questions never ask what the solicitation answers (issue 24)', () => {
  const base = (reqs: Requirement[], glossary?: Map<string, string>) =>
    generateDocument({ type: 'rfi', opportunity: { ...GSA_FACTS, description: '' }, requirements: reqs, now: NOW, glossary });
  const r = (requirement_id: string, text: string, page = 2): Requirement => ({
    requirement_id,
    section: 'C',
    must_or_should: 'must',
    weight: 1,
    text,
    page,
  });

  it('learns the acronyms a solicitation spells out anywhere in its text', () => {
    const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(__dirname, '../../../../../shared/data/rfp');
    const g = learnAcronyms(readFileSync(path.join(dataDir, 'gsa-tdrs-rfq.txt'), 'utf8'));
    expect(g.get('OFA')).toBe('Office of Family Assistance');
    expect(g.get('TANF')).toBe('Temporary Assistance for Needy Families');
    expect(g.get('TDRS')).toBe('TANF Data Reporting System');
    expect(learnAcronyms('The WHD (Wage and Hour Division) and QASP - Quality Assurance Surveillance Plan').get('WHD')).toBe(
      'Wage and Hour Division',
    );
  });

  it('asks to define an acronym only when the document does not, and never a standard one', () => {
    const reqs = [
      r('C-1', 'The Contractor shall send OFA a weekly status report.'),
      r('C-2', 'The Contractor shall protect PII in every export.'),
    ];
    expect(base(reqs)).toContain('Undefined term "OFA"');
    expect(base(reqs, new Map([['OFA', 'Office of Family Assistance']]))).not.toContain('Undefined term "OFA"');
    expect(base(reqs)).not.toContain('Undefined term "PII"');
  });

  it('takes no colour, contract type or conformance level for a term, nor two known ones run together', () => {
    const reqs = [
      r('C-5', 'Complete the sections in RED of the attached TDRS RFQ template.'),
      r('C-6', 'All T&M rates are fixed at award and pages meet WCAG 2.1 AA.'),
      r('C-7', 'E-mails shall use the subject heading RFQTDRS and the company name.'),
    ];
    const md = base(reqs, new Map([['TDRS', 'TANF Data Reporting System']]));
    expect(md).not.toMatch(/Undefined term "(?:RED|T&M|AA|RFQTDRS|TDRS)"|"(?:RED|T&M|AA|RFQTDRS|TDRS)",/);
    expect(base(reqs)).toContain('"TDRS"');
  });

  it('never quotes a page-break fragment as the place a term is used', () => {
    const reqs = [
      r('C-3', 'and the XYZQ data must be reconciled within 5 days.'),
      r('C-4', 'The Contractor shall load the XYZQ extract nightly.', 7),
    ];
    const md = base(reqs);
    expect(md).toContain('as used in "The Contractor shall load the XYZQ extract nightly" (C-4, page 7)');
    expect(md).not.toContain('"and the XYZQ data');
    expect(isFragment('and the XYZQ data must be reconciled within 5 days.')).toBe(true);
    expect(isFragment('The Contractor shall load the extract nightly.')).toBe(false);
  });
});
