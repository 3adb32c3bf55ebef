import { describe, expect, it } from 'vitest';
import { CHANGED_THRESHOLD, diffRequirements, jaccard, normalizeRequirementText, wordSet } from './rfp-amendment-diff';

interface Req {
  requirement_id: string;
  section: string;
  text: string;
}
const req = (requirement_id: string, text: string, section = requirement_id[0]!): Req => ({ requirement_id, section, text });
const ids = (rs: Req[]) => rs.map((r) => r.requirement_id);
const pairs = (ps: { previous: Req; next: Req }[]) => ps.map((p) => `${p.previous.requirement_id}>${p.next.requirement_id}`);

const V1: Req[] = [
  req('L-001', 'Offerors shall submit the technical volume in no more than 20 pages.'),
  req('L-002', 'The proposal must use 12-point Times New Roman font with one-inch margins.'),
  req('L-003', 'Offerors shall provide three past performance references from the last five years.'),
  req('L-004', 'The price volume shall include a completed pricing schedule for each CLIN.'),
  req('M-001', 'Technical approach is the most important factor and will be evaluated for feasibility.'),
];

describe('normalizeRequirementText', () => {
  it('ignores case, whitespace, punctuation, quote style and a leading paragraph number', () => {
    const forms = [
      'The Vendor’s team must   attend the kick-off.',
      "the vendor's team must attend the kick off",
      'L.3 The Vendor’s team must attend the kick-off.',
      '5.2.1 THE VENDOR\u2019S TEAM MUST ATTEND THE KICK- OFF',
      '(b) The Vendor’s team must attend the kick-off;',
      'C-12 The Vendor’s team must attend the kick-off.',
      '2) the vendor’s team must attend the kick-off',
      'L.5.2(a) The Vendor’s team must attend the kick-off.',
      'iv) The Vendor’s team must attend the kick-off',
    ];
    for (const f of forms) expect(normalizeRequirementText(f)).toBe('the vendor s team must attend the kick off');
  });

  it('keeps numbers inside the text, which are part of what is required', () => {
    expect(normalizeRequirementText('Submit 20 pages.')).not.toBe(normalizeRequirementText('Submit 15 pages.'));
    expect(normalizeRequirementText('Submit within 5 days')).toBe('submit within 5 days');
    expect(normalizeRequirementText('3 copies must be submitted')).not.toBe(normalizeRequirementText('5 copies must be submitted'));
    expect(normalizeRequirementText('C-4 1. Submit it')).toBe('1 submit it');
  });
});

describe('jaccard', () => {
  it('is shared words over all words', () => {
    expect(jaccard(wordSet('a b c'), wordSet('b c d'))).toBeCloseTo(2 / 4);
    expect(jaccard(wordSet('a b'), wordSet('a b'))).toBe(1);
    expect(jaccard(wordSet(''), wordSet(''))).toBe(0);
  });
});

describe('diffRequirements', () => {
  it('reports everything unchanged for the same requirements', () => {
    const diff = diffRequirements(V1, V1);
    expect(pairs(diff.unchanged)).toEqual(['L-001>L-001', 'L-002>L-002', 'L-003>L-003', 'L-004>L-004', 'M-001>M-001']);
    expect([diff.changed, diff.added, diff.removed]).toEqual([[], [], []]);
  });

  it('matches by content: moved requirements with new ids are unchanged, not removed and added', () => {
    // An inserted paragraph renumbers everything after it, and a paragraph moved to the end.
    const v2 = [
      req('L-001', 'Offerors shall submit the technical volume in no more than 20 pages.'),
      req('L-002', 'Offerors must register in SAM before the quote is submitted.'),
      req('L-003', 'Offerors shall provide three past performance references from the last five years.'),
      req('L-004', 'The price volume shall include a completed pricing schedule for each CLIN.'),
      req('M-001', 'Technical approach is the most important factor and will be evaluated for feasibility.'),
      req('L-005', 'the proposal must use 12-point Times New Roman font, with one-inch margins'),
    ];
    const diff = diffRequirements(V1, v2);
    expect(pairs(diff.unchanged)).toEqual(['L-001>L-001', 'L-003>L-003', 'L-004>L-004', 'M-001>M-001', 'L-002>L-005']);
    expect(ids(diff.added)).toEqual(['L-002']);
    expect(diff.changed).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it('does not trust ids: the same id on different text is not the same requirement', () => {
    const v2 = [req('L-001', 'Quotes must be valid for at least 60 calendar days after the quotation response date.')];
    const diff = diffRequirements([V1[0]!], v2);
    expect(ids(diff.added)).toEqual(['L-001']);
    expect(ids(diff.removed)).toEqual(['L-001']);
    expect(diff.unchanged).toEqual([]);
  });

  it('reports a reworded requirement as changed with both texts, and what is gone as removed', () => {
    const v2 = [
      req('A', 'Offerors shall submit the technical volume in no more than 15 pages.'),
      req('B', 'The proposal must use 12-point Times New Roman font with one-inch margins.'),
      req('C', 'The price volume shall include a completed pricing schedule for each CLIN and each option year.'),
      req('D', 'Technical approach is the most important factor and will be evaluated for feasibility.'),
    ];
    const diff = diffRequirements(V1, v2);
    expect(diff.changed.map((c) => [c.previous.requirement_id, c.next.requirement_id, c.previous.text, c.next.text])).toEqual([
      ['L-001', 'A', V1[0]!.text, v2[0]!.text],
      ['L-004', 'C', V1[3]!.text, v2[2]!.text],
    ]);
    expect(diff.changed.every((c) => c.similarity >= CHANGED_THRESHOLD && c.similarity < 1)).toBe(true);
    expect(ids(diff.removed)).toEqual(['L-003']);
    expect(diff.added).toEqual([]);
  });

  it('treats a rewrite below the threshold as removed plus added', () => {
    const v2 = [req('L-001', 'A page limit of twenty applies to the technical quote; extra pages are not read.')];
    const diff = diffRequirements([V1[0]!], v2);
    expect(jaccard(wordSet(normalizeRequirementText(V1[0]!.text)), wordSet(normalizeRequirementText(v2[0]!.text)))).toBeLessThan(
      CHANGED_THRESHOLD,
    );
    expect([ids(diff.removed), ids(diff.added), diff.changed]).toEqual([['L-001'], ['L-001'], []]);
  });

  it('pairs best first, so one old requirement matches at most one new one', () => {
    const old = [req('C-001', 'The Contractor shall deliver monthly status reports to the COR.')];
    const next = [
      req('C-001', 'The Contractor shall deliver monthly status reports to the COR by email.'),
      req('C-002', 'The Contractor shall deliver weekly status reports to the COR.'),
    ];
    const diff = diffRequirements(old, next);
    expect(diff.changed.map((c) => c.next.requirement_id)).toEqual(['C-001']);
    expect(ids(diff.added)).toEqual(['C-002']);
    // Seen from the other side: two old, one new.
    const back = diffRequirements(next, old);
    expect(back.changed.map((c) => c.previous.requirement_id)).toEqual(['C-001']);
    expect(ids(back.removed)).toEqual(['C-002']);
  });

  it('is not fooled by greedy order: the overall best pair wins over the first candidate seen', () => {
    // X is closer to B than to A; B is the only good match for X. A must not take X just because it comes first.
    const old = [req('A', 'vendor shall provide training materials'), req('B', 'vendor shall provide training materials for new staff')];
    const next = [req('X', 'vendor shall provide training materials for all new staff')];
    const diff = diffRequirements(old, next);
    expect(pairs(diff.changed)).toEqual(['B>X']);
    expect(ids(diff.removed)).toEqual(['A']);
  });

  it('pairs repeated texts one to one in document order', () => {
    const old = [req('C-001', 'Project Manager'), req('C-002', 'Senior Developer'), req('C-003', 'Project Manager')];
    const next = [req('K-1', 'Project Manager'), req('K-2', 'Senior Developer')];
    const diff = diffRequirements(old, next);
    expect(pairs(diff.unchanged)).toEqual(['C-001>K-1', 'C-002>K-2']);
    expect(ids(diff.removed)).toEqual(['C-003']);
  });

  it('works with any id scheme, including paragraph numbers and duplicates across versions', () => {
    const old = [req('L.5.1', 'Quotes must be valid for 60 days.', 'L'), req('L.5.2', 'Submit questions on GitHub.', 'L')];
    const next = [req('L.5.1', 'Submit questions on GitHub.', 'L'), req('L.5.2', 'Quotes must be valid for 90 days.', 'L')];
    const diff = diffRequirements(old, next);
    expect(pairs(diff.unchanged)).toEqual(['L.5.2>L.5.1']);
    expect(pairs(diff.changed)).toEqual(['L.5.1>L.5.2']);
  });

  it('handles empty versions', () => {
    expect(diffRequirements([], V1)).toMatchObject({ added: V1, removed: [], changed: [], unchanged: [] });
    expect(diffRequirements(V1, [])).toMatchObject({ added: [], removed: V1, changed: [], unchanged: [] });
  });

  it('takes a stricter or looser threshold', () => {
    const next = [req('A', 'Offerors shall submit the technical volume in no more than 15 pages.')];
    expect(diffRequirements([V1[0]!], next, 0.99).changed).toEqual([]);
    expect(diffRequirements([V1[0]!], next, 0.5).changed).toHaveLength(1);
  });
});
