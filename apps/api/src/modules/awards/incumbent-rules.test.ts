import { describe, expect, it } from 'vitest';
import { loadUsaspendingFixture } from '../../integrations/awards/fake-usaspending-server';
import { isPlausible, quotedPiids, scoreClassification, type OpportunityFacts } from './incumbent-rules';

describe('quotedPiids', () => {
  it('finds both contract numbers a real award description names, hyphens removed', () => {
    const detail = loadUsaspendingFixture<{ description: string }>('award-detail__CONT_AWD_0007_9700_FA870215D0001_9700.json');
    expect(quotedPiids([detail.description])).toEqual(['FA872105C0002', 'FA870215D0001']);
  });

  it('also tries a quoted number without its modification suffix', () => {
    expect(quotedPiids(['Bridge under 80JSC022DA003P00123'])).toEqual(['80JSC022DA003P00123', '80JSC022DA003']);
  });

  it('leaves out the notice’s own solicitation number, NAICS codes, dates and phone numbers', () => {
    const text = 'Solicitation N62473-26-R-J503, NAICS 541512, due 2026-03-01. Call FAX8005551234. Incumbent: N62473-21-D-1221.';
    expect(quotedPiids([text], ['N62473-26-R-J503'])).toEqual(['N6247321D1221']);
  });

  it('is empty for empty text', () => {
    expect(quotedPiids([null, undefined, ''])).toEqual([]);
  });
});

describe('scoreClassification', () => {
  const opp: OpportunityFacts = {
    officeCode: 'W912HQ',
    subTierCode: '2100',
    naicsCode: '541715',
    pscCode: 'AJ11',
    popState: 'TX',
    dueDate: new Date('2027-06-01T00:00:00Z'),
  };
  const award = {
    awardingOfficeCode: 'W912HQ',
    awardingSubAgencyCode: '2100',
    naicsCode: '541715',
    pscCode: 'AJ11',
    popState: 'TX',
    currentEndDate: '2027-09-11',
  };

  it('gives 0.9 to a perfect fit and names every part that matched', () => {
    expect(scoreClassification(opp, award)).toEqual({
      score: 0.9,
      matchedOn: ['office', 'NAICS', 'PSC', 'place', 'ends near this due date'],
    });
  });

  it('gives partial credit to groups and the sub-agency, none to a far end date', () => {
    const s = scoreClassification(opp, {
      ...award,
      awardingOfficeCode: 'W9126G',
      naicsCode: '541712',
      pscCode: 'AJ91',
      popState: 'VA',
      currentEndDate: '2031-01-01',
    });
    expect(s).toEqual({ score: 0.27, matchedOn: ['sub-agency', 'NAICS group', 'PSC group'] });
    expect(isPlausible(s)).toBe(false);
  });

  it('never counts an office-only match as a candidate, however close the dates', () => {
    const s = scoreClassification(opp, { ...award, naicsCode: '236220', pscCode: 'Z2AA' });
    expect(s.score).toBe(0.55);
    expect(isPlausible(s)).toBe(false);
  });
});
