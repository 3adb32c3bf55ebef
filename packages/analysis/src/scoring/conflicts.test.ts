import { describe, expect, it } from 'vitest';
import type { Requirement } from '../types';
import { findConflicts } from './conflicts';
import { splitDraft } from './passages';
import { analyse } from './text';

const req = (requirement_id: string, text: string, section: Requirement['section'] = 'C'): Requirement => ({
  requirement_id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: null,
});
const conflicts = (reqs: Requirement[], draft: string) => findConflicts(reqs, splitDraft(draft), new Map());
const rules = (reqs: Requirement[], draft: string) => conflicts(reqs, draft).map((c) => [c.requirement_id, c.rule]);

describe('findConflicts', () => {
  it('flags a prohibited thing the draft plans, not one it rules out', () => {
    const r = [req('L-1', 'Offerors shall not bring videos or handouts to the oral presentation.', 'L')];
    expect(rules(r, 'ORALS\nOur team will open with a short video about the company.')).toEqual([['L-1', 'prohibited']]);
    expect(rules(r, 'ORALS\nWe will bring no videos or handouts and answer every question ourselves.')).toEqual([]);
  });

  it('flags a figure outside a stated minimum or maximum on the same subject', () => {
    const r = [
      req('L-2', 'Bids must remain firm for at least 180 calendar days after submission.', 'L'),
      req('C-1', 'Outages must be reported within 2 hours.'),
    ];
    const found = conflicts(
      r,
      'TERMS\nOur bid remains firm for 60 calendar days after submission.\nWe report outages within 6 hours of detection.',
    );
    expect(found.map((c) => [c.requirement_id, c.rule])).toEqual([
      ['L-2', 'limit'],
      ['C-1', 'limit'],
    ]);
    expect(found[0].reason).toBe('The solicitation requires at least 180 calendar days; the draft states 60 calendar days.');
    expect(rules(r, 'TERMS\nOur bid remains firm for 200 calendar days after submission. We report outages within 1 hours.')).toEqual([]);
    // Another subject with the same unit is not a contradiction.
    expect(rules(r, 'TRAINING\nNew staff shadow a mentor for 30 calendar days.')).toEqual([]);
  });

  it('flags the opposite of a mandated quality on the same subject', () => {
    const r = [req('C-2', 'All source code must be kept in a publicly available repository.')];
    expect(rules(r, 'CODE\nThe source code stays in our private repository until delivery.')).toEqual([['C-2', 'contrary']]);
    expect(rules(r, 'CODE\nThe source code lives in a public repository from day one, with no private forks.')).toEqual([]);
  });

  it('flags an activity required throughout that the draft schedules only once', () => {
    const r = [req('C-3', 'Field inspections must be conducted at regular intervals throughout the contract.')];
    expect(rules(r, 'QUALITY\nField inspections take place once the installation is complete, before go-live.')).toEqual([
      ['C-3', 'one-time'],
    ]);
    expect(rules(r, 'QUALITY\nField inspections take place every month, and again before go-live.')).toEqual([]);
  });

  it('flags someone else sent in place of people who must attend', () => {
    const r = [req('L-3', 'The proposed site manager must attend the pre-award site visit.', 'L')];
    expect(rules(r, 'SITE VISIT\nOur site manager is on leave, so a sales director will attend in her place.')).toEqual([
      ['L-3', 'substitute'],
    ]);
    expect(rules(r, 'SITE VISIT\nOur site manager, Lena Ortiz, will attend the site visit.')).toEqual([]);
  });

  it('flags a named system the solicitation keeps that the draft replaces, and spreads to the paragraph that cites it', () => {
    const r = [
      req('C-4.2', 'The existing portal must keep working with the OracleDB9 database.'),
      req('M-1', 'The evaluation considers knowledge of the platforms in section 4.2.', 'M'),
    ];
    const found = conflicts(r, 'APPROACH\nWe will migrate the data from OracleDB9 to a new document store.');
    expect(found.map((c) => [c.requirement_id, c.rule])).toEqual([
      ['C-4.2', 'replaced'],
      ['M-1', 'referenced'],
    ]);
    expect(rules(r, 'APPROACH\nWe keep OracleDB9 and extend the portal rather than replace it.')).toEqual([]);
  });
});

describe('findConflicts: same quantity and unit, same subject', () => {
  const coverage = [req('C-5', 'Automated tests must reach a minimum of 90% code coverage for new modules.')];

  it('compares a percentage only with a percentage about the same quantity', () => {
    // True pair: the draft's coverage figure is below the minimum.
    const found = conflicts(coverage, 'QUALITY\nOur automated tests will reach 70 percent code coverage for new modules.');
    expect(found.map((c) => [c.requirement_id, c.rule, c.severity])).toEqual([['C-5', 'limit', 'conflict']]);
    expect(found[0].clause).toBe('Automated tests must reach a minimum of 90% code coverage for new modules.');
    expect(found[0].reason).toBe('The solicitation requires a minimum of 90%; the draft states 70 percent.');
    // False pair: a percentage of something else in the same paragraph as the coverage promise.
    expect(
      rules(
        coverage,
        'QUALITY\nOn our last project rejected submissions fell from 31 to 9 percent. We hold new modules to at least 90 percent code coverage in automated tests.',
      ),
    ).toEqual([]);
    // False pair: a percentage of another quantity, with no coverage figure at all.
    expect(rules(coverage, 'QUALITY\nAutomated tests run on every commit; 12 percent of our staff are test engineers.')).toEqual([]);
  });

  it('compares pages with pages, not with another unit', () => {
    const r = [req('C-6', 'Monthly status reports shall be no more than 5 pages.')];
    expect(rules(r, 'REPORTING\nOur monthly status reports run about 12 pages.')).toEqual([['C-6', 'limit']]);
    expect(rules(r, 'REPORTING\nOur monthly status reports arrive within 12 days of month end and run 4 pages.')).toEqual([]);
  });

  it('never builds a conflict on a shared evaluative adjective', () => {
    const r = [req('L-7', 'Offerors shall not propose competitive range exclusions or discount tiers.', 'L')];
    expect(rules(r, 'PRICE\nOur rates are competitive and consistent with our schedule.')).toEqual([]);
    const q = [req('L-8', 'Proposed labor rates must not exceed the competitive ceiling rates of the schedule.', 'L')];
    expect(rules(q, 'PRICE\nOur team is competitive and innovative.')).toEqual([]);
  });

  it('reports a finding whose subject is shared only by its section as a check, not a conflict', () => {
    const r = [req('L-9', 'The proposed project manager must attend the orals session.', 'L')];
    // Words every requirement of this solicitation uses: they do not name one occasion.
    const common = new Map(analyse('orals session').tokens.map((t) => [t.term, 50]));
    const found = findConflicts(
      r,
      splitDraft('ORALS SESSION\nWe look forward to the orals.\nOur director will travel in her place.'),
      common,
    );
    expect(found.map((c) => [c.rule, c.severity])).toEqual([['substitute', 'check']]);
    const sure = conflicts(r, 'ORALS SESSION\nOur project manager cannot attend the orals, so a vice president will attend in his place.');
    expect(sure.map((c) => [c.rule, c.severity])).toEqual([['substitute', 'conflict']]);
  });
});
