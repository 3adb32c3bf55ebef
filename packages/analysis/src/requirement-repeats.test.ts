import { describe, expect, it } from 'vitest';
import { finishRequirements, isFormBlank, mergeRepeats, normalisedText } from './requirement-repeats';
import { extractRequirements } from './requirements';
import type { Requirement } from './types';

const req = (text: string, section: Requirement['section'], page: number | null): Requirement => ({
  requirement_id: `${section}-${text.length}-${page}`,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page,
});

describe('mergeRepeats', () => {
  it('keeps the first of identical requirements in a section and lists the other pages on it', () => {
    const out = mergeRepeats([
      req('(a) The Contractor shall submit a monthly report.', 'C', 3),
      req('The contractor shall submit a monthly report', 'C', 9),
      req('The Contractor shall submit a monthly report.', 'C', 3),
      req('The Contractor shall submit a monthly report.', 'C', 12),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ page: 3, pages: [9, 12], text: '(a) The Contractor shall submit a monthly report.' });
  });

  it('keeps the same words in two sections apart, and different words apart', () => {
    const out = mergeRepeats([
      req('Factor 1: Technical Approach', 'L', 4),
      req('Factor 1: Technical Approach', 'M', 7),
      req('Factor 2: Past Performance', 'M', 7),
    ]);
    expect(out.map((r) => r.section)).toEqual(['L', 'M', 'M']);
    expect(out.every((r) => r.pages === undefined)).toBe(true);
  });

  it('keeps the same item under two different lead-ins apart, and merges it under the same lead-in', () => {
    const item = (leadIn: string, page: number): Requirement => ({ ...req('Monthly report', 'C', page), lead_in: leadIn });
    const out = mergeRepeats([
      item('The contractor shall deliver:', 2),
      item('The Government will provide:', 3),
      item('The Contractor shall deliver:', 6),
    ]);
    expect(out.map((r) => [r.lead_in, r.page, r.pages])).toEqual([
      ['The contractor shall deliver:', 2, [6]],
      ['The Government will provide:', 3, undefined],
    ]);
  });

  it('merges the same words with no lead-in into the first requirement with them, either way round', () => {
    const item = (leadIn: string, page: number): Requirement => ({ ...req('Past Performance', 'M', page), lead_in: leadIn });
    const titleAgain = mergeRepeats([item('Factors used for evaluation:', 14), req('Past Performance', 'M', 15)]);
    expect(titleAgain.map((r) => [r.lead_in, r.page, r.pages])).toEqual([['Factors used for evaluation:', 14, [15]]]);
    const itemAfter = mergeRepeats([req('Past Performance', 'M', 3), item('Factors used for evaluation:', 14)]);
    expect(itemAfter.map((r) => [r.lead_in, r.page, r.pages])).toEqual([[undefined, 3, [14]]]);
  });

  it('compares without case, punctuation, spacing or a leading list marker', () => {
    expect(normalisedText('(iv)  Provide the  PLAN;')).toBe(normalisedText('provide the plan'));
    expect(normalisedText('• Provide the plan')).toBe('provide the plan');
  });
});

describe('finishRequirements', () => {
  it('drops lines that say nothing in words, bare dates, addresses and answers, and captions of blanks to fill in', () => {
    expect(isFormBlank('Typed Name: ______________________')).toBe(true);
    expect(isFormBlank('Tier_____, if known:')).toBe(true);
    expect(isFormBlank('The Offeror shall enter its unique entity identifier here: __________')).toBe(false);
    for (const bare of ['JUL 2004', '(a) May 15, 2013', 'jane.doe@agency.gov.', 'http://www.acq.osd.mil/dpap/index.html', 'N/A', 'Yes']) {
      expect(finishRequirements([req(bare, 'L', 1)]), bare).toEqual([]);
    }
    expect(finishRequirements([req('Submit by May 15, 2013.', 'L', 1)])).toHaveLength(1);
    const out = finishRequirements([
      req('_______________________', 'M', 1),
      req('52.212-3', 'M', 1),
      req('Date: ________', 'L', 1),
      req('X', 'L', 1),
      req('Submit one copy.', 'L', 1),
    ]);
    expect(out.map((r) => r.text)).toEqual(['Submit one copy.']);
  });

  it('merges a sentence a document repeats in one section, whatever page it comes back on', () => {
    const reqs = extractRequirements([
      { page: 2, text: 'SECTION L - INSTRUCTIONS TO OFFERORS\n\nL.1 Offerors shall submit the signed SF 33 with the proposal.\n' },
      { page: 5, text: 'L.4 Volume I shall hold the technical approach.\n\nOfferors shall submit the signed SF 33 with the proposal.\n' },
      { page: 8, text: 'L.9 Volume II shall hold the price.\n\nOfferors shall submit the signed SF 33 with the proposal.\n' },
    ]);
    expect(reqs.filter((r) => /signed SF 33/.test(r.text))).toEqual([expect.objectContaining({ section: 'L', page: 2, pages: [5, 8] })]);
  });

  it('keeps an item printed under two lead-ins of one section as two requirements, each with its lead-in', () => {
    const reqs = extractRequirements([
      {
        page: 1,
        text:
          'SECTION C - STATEMENT OF WORK\n\nC.1 The contractor shall deliver the following:\n\n' +
          '(a) Monthly status report\n(b) Transition plan\n\nC.2 The contractor shall review the following:\n\n(a) Monthly status report\n(b) Quality plan\n',
      },
    ]);
    const monthly = reqs.filter((r) => r.text.endsWith('Monthly status report'));
    expect(monthly.map((r) => r.lead_in)).toEqual([
      'The contractor shall deliver the following:',
      'The contractor shall review the following:',
    ]);
  });
});
