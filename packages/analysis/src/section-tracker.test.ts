import { describe, expect, it } from 'vitest';
import { SectionTracker, describeSectionSource, parseHeading } from './sections';
import { extractRequirements } from './requirements';

const track = (lines: string[]) => {
  const t = new SectionTracker();
  return lines.map((l) => t.apply(parseHeading(l)!));
};

describe('SectionTracker sources', () => {
  it('says which heading decided the section, and how', () => {
    const t = new SectionTracker();
    expect(t.source.reason).toBe('none');
    expect(t.beforeFirstHeading).toBe(true);
    t.apply({ number: null, title: 'Request for Quote', named: null, kind: 'unnumbered', level: 1, typographic: true }, 0);
    expect(t.beforeFirstHeading).toBe(true);
    t.apply(parseHeading('5.0 Instructions to Offerors')!, 100);
    expect(t.beforeFirstHeading).toBe(false);
    expect(t.source).toEqual({ reason: 'title', heading: '5.0 Instructions to Offerors', start: 100 });
    // A sub-heading naming nothing keeps its parent as the source.
    t.apply(parseHeading('5.2 Page Limits')!, 200);
    expect(t.source).toMatchObject({ reason: 'title', heading: '5.0 Instructions to Offerors' });
    t.apply(parseHeading('SECTION M - EVALUATION FACTORS FOR AWARD')!, 300);
    expect(t.source).toMatchObject({ reason: 'ucf-part', heading: 'SECTION M EVALUATION FACTORS FOR AWARD' });
    expect(describeSectionSource(t.source, 'M', 12)).toBe("UCF part heading 'SECTION M EVALUATION FACTORS FOR AWARD', p. 12");
  });

  it('describes every source a person can read', () => {
    expect(describeSectionSource({ reason: 'none', heading: null, start: null }, 'other', null)).toBe('no heading before it');
    expect(describeSectionSource({ reason: 'title', heading: '5.0 Instructions to Offerors', start: 0 }, 'L', 12)).toBe(
      "heading '5.0 Instructions to Offerors', p. 12: its title names Section L",
    );
    expect(describeSectionSource({ reason: 'no-part', heading: '8.0 Awarded task', start: 0 }, 'other', null)).toBe(
      "heading '8.0 Awarded task': names no part",
    );
    expect(describeSectionSource({ reason: 'preamble', heading: null, start: null }, 'L', null)).toMatch(/^no heading before it; /);
  });
});

describe('SEC-RESET: an unnumbered part heading holds over numbered headings naming no part', () => {
  it('keeps the instructions part through "1. What the quote must contain" style headings', () => {
    expect(
      track(['INSTRUCTIONS TO QUOTERS', '1.0 Format of the Quote', '2.0 Deadlines', 'EVALUATION CRITERIA', '1.0 Technical Factors']),
    ).toEqual(['L', 'L', 'L', 'M', 'M']);
  });

  it('still lets a numbered heading naming a part switch, and resets without an unnumbered part', () => {
    expect(track(['INSTRUCTIONS TO QUOTERS', '3.0 Statement of Work', '4.0 Period of Performance'])).toEqual(['L', 'C', 'other']);
  });
});

describe('SEC-ATTACH: an attachment or exhibit heading ends the part', () => {
  it('files text after "ATTACHMENT 1" outside Section M, or in the part its title names', () => {
    expect(track(['SECTION M - EVALUATION FACTORS FOR AWARD', 'ATTACHMENT 1', '1.0 Background'])).toEqual(['M', 'other', 'C']);
    expect(track(['SECTION M - EVALUATION FACTORS FOR AWARD', 'Exhibit B - Performance Work Statement', '1.1 Tasks'])).toEqual([
      'M',
      'C',
      'C',
    ]);
  });

  it('does not read a sentence that starts with "Attachment 1" as a heading', () => {
    expect(parseHeading('Attachment 1 provides the pricing template.')).toBeNull();
    expect(parseHeading('Attachment 1 – Past Performance Questionnaire')).toMatchObject({ kind: 'attachment', named: 'other' });
  });
});

describe('requirement basis: where its section came from', () => {
  it('names the heading and its page, or says there was none', () => {
    const reqs = extractRequirements([
      { page: 1, text: 'The Contractor shall keep records.\n' },
      { page: 2, text: '5.0 Instructions to Offerors\n\nOfferors shall submit one copy.\n' },
      { page: 3, text: '5.2 Page Limits\n\nThe technical volume shall not exceed ten pages.\n' },
    ]);
    expect(reqs.map((r) => [r.section, r.basis?.section])).toEqual([
      ['other', 'no heading before it'],
      ['L', "heading '5.0 Instructions to Offerors', p. 2: its title names Section L"],
      ['L', "heading '5.0 Instructions to Offerors', p. 2: its title names Section L"],
    ]);
  });
});

describe('SEC-PREAMBLE: cover text before the first heading', () => {
  it('files submission logistics under L and says so; other cover text stays other', () => {
    const text = [
      'Request for Quote',
      '',
      'Quotes must be received by May 15, 2020 at noon, eastern, by e-mail to the Contracting Officer.',
      '',
      'Any emails related to this RFQ shall use the subject line RFQ-1234.',
      '',
      'The Contractor shall keep all records for three years.',
      '',
      '1.0 Statement of Work',
      '',
      'The Contractor shall maintain the system.',
    ].join('\n');
    const reqs = extractRequirements([{ page: 1, text }]);
    expect(reqs.map((r) => [r.section, r.basis?.section])).toEqual([
      ['L', 'no heading before it; its words read as submission instructions'],
      ['L', 'no heading before it; its words read as submission instructions'],
      ['other', 'no heading before it'],
      ['C', "heading '1.0 Statement of Work', p. 1: its title names Section C"],
    ]);
  });
});
