import { describe, expect, it } from 'vitest';
import { lexemes, searchVectors, webSearchQuery } from './search-text';

describe('lexemes', () => {
  it('lower-cases, drops stop words and stems words, and leaves codes and numbers alone', () => {
    expect(lexemes('Repair of the Roofs, roofing and ROOFED sheds')).toEqual(['repair', 'roof', 'roof', 'roof', 'shed']);
    expect(lexemes('W912DY-24-R-0001 for 1.5 MW')).toEqual(['w912dy', '24', 'r', '0001', '1', '5', 'mw']);
    expect(lexemes('Contractor’s naïve café')).toEqual(['contractor', 'naïv', 'café']);
    expect(lexemes(`${'x'.repeat(61)} kept`)).toEqual(['kept']);
  });
});

describe('searchVectors', () => {
  it('weights title and solicitation number A and agency names B, positions running on into the description', () => {
    const v = searchVectors({ title: 'Roof repair', solicitationNumber: 'W912-1', department: 'DEPT OF DEFENSE', description: 'Repair the roof.' });
    expect(v.titleVector).toBe("'roof':1A 'repair':2A 'w912':3A '1':4A 'dept':5B 'defens':6B");
    expect(v.searchVector).toBe("'roof':1A,8 'repair':2A,7 'w912':3A '1':4A 'dept':5B 'defens':6B");
  });

  it('does not index a description that is only a fetch marker', () => {
    const v = searchVectors({ title: 'Roof', description: 'https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid=abc' });
    expect(v.searchVector).toBe("'roof':1A");
  });

  it('keeps at most 256 positions of one lexeme', () => {
    const v = searchVectors({ title: 'x', description: 'roof '.repeat(300) });
    expect(v.searchVector.split(',')).toHaveLength(256);
  });
});

describe('webSearchQuery', () => {
  it('rewrites words, phrases, exclusions and OR over the same lexemes', () => {
    expect(webSearchQuery('Roofing repairs')).toBe('roof repair');
    expect(webSearchQuery('"repair of roofs" -painting')).toBe('"repair roof" -paint');
    expect(webSearchQuery('hvac or plumbing')).toBe('hvac or plumb');
    expect(webSearchQuery('-"paint job" roof')).toBe('-"paint job" roof');
  });

  it('turns a word that lexes into several lexemes into a phrase', () => {
    expect(webSearchQuery('W912DY-24-R-0001')).toBe('"w912dy 24 r 0001"');
  });

  it('drops dangling operators and unmatched quotes, and gives null when only stop words are left', () => {
    expect(webSearchQuery('or roof or')).toBe('roof');
    expect(webSearchQuery('"roof repair')).toBe('"roof repair"');
    expect(webSearchQuery('the of and')).toBeNull();
    expect(webSearchQuery('  -- "" ')).toBeNull();
  });
});
