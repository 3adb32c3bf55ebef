import { describe, expect, it } from 'vitest';
import { extractRequirements } from './requirements';
import { segmentPage, splitSentences, type Unit } from './segment';
import { rowSentences } from './table-rows';

const units = (text: string) => segmentPage(text).filter((s): s is Unit => s.kind !== 'heading');

describe('SEG-SPLIT: inline enumerators and wrapped references', () => {
  it('does not end a sentence at a list letter or number after a comma, colon or "and"', () => {
    const text = 'The plan shall address the following, a. Staffing, b. Schedule, and c. Risks. The plan is due at award.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'The plan shall address the following, a. Staffing, b. Schedule, and c. Risks.',
      'The plan is due at award.',
    ]);
    expect(splitSentences('Submit: 1. The price volume and 2. The technical volume.')).toHaveLength(1);
  });

  it('still ends a sentence at a letter that closes it', () => {
    expect(splitSentences('The work is described in Exhibit A. The Contractor shall do it.')).toHaveLength(2);
  });

  it('keeps a "(1)" wrapped to the start of a line inside the sentence that refers to it', () => {
    const text = ['The Contractor shall comply with the reporting duties of paragraph', '(c)(1) of this clause within ten days.'].join(
      '\n',
    );
    expect(units(text).map((u) => u.text)).toEqual([
      'The Contractor shall comply with the reporting duties of paragraph (c)(1) of this clause within ten days.',
    ]);
  });
});

describe('SEG-SYMBOL-BULLETS: symbol-font bullets', () => {
  it('reads "ˇ", "Ø" and a hollow "o" at a line start as bullets', () => {
    const text = [
      'The Contractor shall:',
      'ˇ Conduct surveillance of the work',
      'Ø Provide monthly status reports',
      'o Maintain the project schedule',
    ].join('\n');
    const got = units(text);
    expect(got.map((u) => [u.kind, u.text])).toEqual([
      ['sentence', 'The Contractor shall:'],
      ['item', 'Conduct surveillance of the work'],
      ['item', 'Provide monthly status reports'],
      ['item', 'Maintain the project schedule'],
    ]);
    expect(got.slice(1).every((u) => u.marker === undefined && u.parent === 0)).toBe(true);
  });

  it('cuts a line holding several inline bullets into items', () => {
    const text =
      'The COR shall: ˇ Conduct surveillance of the deliverables; ˇ Review the monthly reports; ˇ Report performance problems to the CO.';
    expect(units(text).map((u) => u.text)).toEqual([
      'The COR shall:',
      'Conduct surveillance of the deliverables;',
      'Review the monthly reports;',
      'Report performance problems to the CO.',
    ]);
  });

  it('does not take a capital "O" or a dash inside a sentence for a bullet', () => {
    expect(units('O Street NW is the address of the site.')[0].bulleted).toBe(false);
    expect(units('The Contractor shall deliver - within ten days - the final report.')).toHaveLength(1);
  });
});

describe('table rows with wrapped cells (TABLE-WRAP in text)', () => {
  it('joins a row line whose first cell is empty onto the row above, cell by cell', () => {
    const text = [
      '|Item      |Requirement                                    |Due               |',
      '|1.3.5     |Provide the course syllabus for System         |Initial Proposal  |',
      '|          |Management Training to perform moves,          |                  |',
      '|          |adds, changes.                                 |                  |',
      '|1.3.6     |Describe the restoration plan.                 |Initial Proposal  |',
      '|Chiller plant   |Provide the logs on request    |COTR     |',
      '|operational logs|                               |         |',
    ].join('\n');
    expect(units(text).map((u) => u.text)).toEqual([
      'Item | Requirement | Due',
      '1.3.5 | Provide the course syllabus for System Management Training to perform moves, adds, changes. | Initial Proposal',
      '1.3.6 | Describe the restoration plan. | Initial Proposal',
      'Chiller plant operational logs | Provide the logs on request | COTR',
    ]);
  });
});

describe('TABLE-CELL-SENT: a value cell with several sentences', () => {
  it('gives one unit per sentence, the label kept in front', () => {
    expect(
      rowSentences('Performance Standard | Code delivered must have test coverage. All areas of code are meaningfully tested.').map(
        (s) => s.text,
      ),
    ).toEqual([
      'Performance Standard | Code delivered must have test coverage.',
      'Performance Standard | All areas of code are meaningfully tested.',
    ]);
  });

  it('leaves a one-sentence cell, a list of short values, and rows of three or more cells whole', () => {
    expect(rowSentences('Due Date | Every sprint')).toHaveLength(1);
    expect(rowSentences('Formats | PDF. Word. Excel.')).toHaveLength(1);
    expect(rowSentences('1 | Plan. It is due. | Monthly')).toHaveLength(1);
  });

  it('makes each sentence of a standard its own requirement', () => {
    const text = [
      'Deliverable | Tested Code',
      'Performance Standard | Code delivered under the order must have substantial test code coverage. The repository holds all code of the product.',
    ].join('\n');
    const reqs = extractRequirements([{ page: 1, text }]);
    expect(reqs.map((r) => r.text)).toContain(
      'Performance Standard | Code delivered under the order must have substantial test code coverage.',
    );
  });
});

describe('fragments join their sentence', () => {
  it('joins a few lower-case words left on a line of their own to the unfinished sentence before', () => {
    const text = [
      'The Contractor shall deliver the transition plan and the',
      '',
      'final report.',
      '',
      'The Contractor shall attend meetings.',
    ].join('\n');
    expect(units(text).map((u) => u.text)).toEqual([
      'The Contractor shall deliver the transition plan and the final report.',
      'The Contractor shall attend meetings.',
    ]);
  });

  it('leaves a lower-case list item under its lead-in alone', () => {
    const text = ['The Contractor shall provide:', '(a) dial tone', '(b) local exchange access'].join('\n');
    expect(units(text).map((u) => [u.text, u.marker])).toEqual([
      ['The Contractor shall provide:', undefined],
      ['dial tone', 'a'],
      ['local exchange access', 'b'],
    ]);
  });
});

describe('SEC-TITLECASE: unnumbered Title Case headings that name a part', () => {
  it('files text after "Submission Instructions" under L inside an evaluation-titled part, and terms after the SOW as other', () => {
    const text = [
      '1.0 Statement of Work',
      '',
      'The Contractor shall maintain the system.',
      '',
      'Contract Terms and Conditions',
      '',
      'The Contractor shall invoice monthly.',
      '',
      '9.0 Evaluation',
      '',
      'The technical approach will be evaluated for soundness.',
      '',
      'Questions',
      '',
      'Quoters must send questions by May 1.',
    ].join('\n');
    expect(extractRequirements([{ page: 1, text }]).map((r) => r.section)).toEqual(['C', 'other', 'M', 'L']);
  });

  it('leaves the decision to the type when the text comes with it (a PDF)', () => {
    const text = ['Some text before.', '', 'Oral Presentations', '', 'Quoters must send questions by May 1.'].join('\n');
    expect(segmentPage(text).filter((s) => s.kind === 'heading')).toHaveLength(1);
    expect(segmentPage(text, { typeKnown: true }).filter((s) => s.kind === 'heading')).toHaveLength(0);
  });

  it('does not read a Title Case line inside a list as a heading', () => {
    const text = ['The evaluation covers the following:', 'Technical Approach', 'Questions', 'Price'].join('\n');
    expect(segmentPage(text).filter((s) => s.kind === 'heading')).toHaveLength(0);
  });
});
