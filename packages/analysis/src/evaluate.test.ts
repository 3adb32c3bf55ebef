import { describe, expect, it } from 'vitest';
import { overlapF1, scoreExtraction, tokens } from './evaluate';
import type { Requirement } from './types';

const req = (text: string, section: Requirement['section'] = 'L'): Requirement => ({
  requirement_id: 'L-001',
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: 1,
});

describe('scoreExtraction', () => {
  it('normalises punctuation, case and curly quotes', () => {
    expect(tokens('The Offeror’s  QUOTE, (final).')).toEqual(['the', "offeror's", 'quote', 'final']);
    expect(overlapF1(tokens('a b c d'), tokens('a b c d'))).toBe(1);
    expect(overlapF1(tokens('a b'), tokens('c d'))).toBe(0);
  });

  it('matches one-to-one, best overlap first, above the threshold', () => {
    const labels = [
      { text: 'Offerors must submit a price quote.', section: 'L' as const, must_or_should: 'must' as const },
      { text: 'Offerors must submit a technical quote.', section: 'L' as const, must_or_should: 'must' as const },
    ];
    const s = scoreExtraction(
      [req('Offerors must submit a technical quote.'), req('Offerors must submit a technical quote.', 'M'), req('Unrelated words here.')],
      labels,
    );
    expect(s.matched).toBe(2);
    expect(s.precision).toBeCloseTo(2 / 3);
    expect(s.recall).toBe(1);
    expect(s.sectionAccuracy).toBe(0.5);
    expect(s.unmatchedPredicted.map((p) => p.text)).toEqual(['Unrelated words here.']);
  });
});
