import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreNeutralised } from './spreadsheet-cell';

/** The pursuit import reads an exported CSV back: restoreNeutralised undoes neutraliseFormula. */
describe('restoreNeutralised', () => {
  it('gives back the text neutraliseFormula was given', () => {
    const texts = [
      '=1+1',
      '  +SUM(A1)',
      '-5% margin; =1+1',
      '@user',
      '＝HYPERLINK("x")',
      '\tTabbed',
      'a,-b|+c',
      'line\n=two',
      'plain text',
      "it's fine",
      '',
    ];
    for (const text of texts) expect(restoreNeutralised(String(neutraliseFormula(text)))).toBe(text);
  });

  it('leaves an apostrophe that does not stand before a formula character', () => {
    expect(restoreNeutralised("'quoted'")).toBe("'quoted'");
    expect(restoreNeutralised("O'Brien; 'x")).toBe("O'Brien; 'x");
  });
});
