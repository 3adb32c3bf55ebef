import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, spreadsheetCsv } from './spreadsheet-cell';

describe('neutraliseFormula (OWASP CSV injection)', () => {
  it('prefixes an apostrophe to text a spreadsheet would run as a formula', () => {
    for (const value of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\r1', '  =1+1', '=HYPERLINK("http://x","y")', '＝1+1', '＋1', '＠SUM(A1)']) {
      expect(neutraliseFormula(value), JSON.stringify(value)).toBe(`'${value}`);
    }
  });

  it('also after any separator, where a reader splitting on it would start a cell', () => {
    const cases: [string, string][] = [
      ['x;=1+1', "x;'=1+1"],
      ['x,=1+1', "x,'=1+1"],
      ['x; +1', "x;' +1"],
      ['a|@cmd', "a|'@cmd"],
      ['line\n=1', "line\n'=1"],
      ['x;＝1+1', "x;'＝1+1"],
      ['=a;=b', "'=a;'=b"],
      ['\t=1', "'\t'=1"],
    ];
    for (const [value, safe] of cases) expect(neutraliseFormula(value), JSON.stringify(value)).toBe(safe);
  });

  it('leaves ordinary text and numbers alone, and changes nothing more when applied twice', () => {
    expect(neutraliseFormula('Provide a staffing plan; 10 pages max')).toBe('Provide a staffing plan; 10 pages max');
    expect(neutraliseFormula('e-mail a@b.c, phone 555')).toBe('e-mail a@b.c, phone 555');
    expect(neutraliseFormula(42)).toBe(42);
    expect(neutraliseFormula(null)).toBe('');
    for (const value of ['x;=1+1', '=1', '\t=1', "'=already"])
      expect(neutraliseFormula(neutraliseFormula(value))).toBe(neutraliseFormula(value));
  });
});

describe('spreadsheetCsv', () => {
  it('quotes every text field, doubles quotes, neutralises cells and starts with a BOM', () => {
    const body = spreadsheetCsv(
      ['Id', 'Text', 'Page'],
      [
        ['L-1', 'x;=1+1', 3],
        ['＝1+1', 'say "hi", then go', null],
      ],
    );
    const text = body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\n')[1]).toBe(`"L-1","x;'=1+1",3`);
    expect(text).toContain(`"'＝1+1","say ""hi"", then go",""`);
    // Read back as any CSV reader does, with either list separator, no field yields a formula.
    for (const delimiter of [',', ';']) {
      const cells = (parse(text.slice(1), { delimiter, relax_quotes: true, relax_column_count: true }) as string[][]).flat();
      for (const cell of cells) expect(cell.normalize('NFKC').trimStart(), cell).not.toMatch(/^[=+\-@]/);
    }
  });
});
