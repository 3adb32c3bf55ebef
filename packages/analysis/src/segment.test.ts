import { describe, expect, it } from 'vitest';
import { segmentPage, splitSentences, type Unit } from './segment';

const units = (text: string) => segmentPage(text).filter((s): s is Unit => s.kind !== 'heading');

describe('splitSentences', () => {
  it('starts an inline list item at its letter, not after it, when the letter follows a sentence end', () => {
    const texts = (t: string) => splitSentences(t).map((p) => p.text);
    expect(texts('Experience will be evaluated on: a. Relevancy to this SOW. b. Depth of experience. c. Skills within the firm.')).toEqual([
      'Experience will be evaluated on: a. Relevancy to this SOW.',
      'b. Depth of experience.',
      'c. Skills within the firm.',
    ]);
    expect(texts('Provide test plans, test criteria, etc. d. Project management is rated.')).toEqual([
      'Provide test plans, test criteria, etc.',
      'd. Project management is rated.',
    ]);
    expect(texts('Payments follow the clause (AUG 2013) h. Invoices are due monthly.')).toEqual([
      'Payments follow the clause (AUG 2013)',
      'h. Invoices are due monthly.',
    ]);
    // An inline enumerator after a colon or comma stays with its lead-in; "Section B." ends its sentence.
    expect(texts('The plan covers the following, a. The schedule. b. The budget.')).toEqual([
      'The plan covers the following, a. The schedule.',
      'b. The budget.',
    ]);
    expect(texts('See Section B. The plan follows.')).toEqual(['See Section B.', 'The plan follows.']);
    // Items with no period of their own: the next letter in sequence opens the next item.
    expect(texts('The phase ends. a. Survey the users b. Document the workflow c. Develop prototype')).toEqual([
      'The phase ends.',
      'a. Survey the users',
      'b. Document the workflow',
      'c. Develop prototype',
    ]);
    expect(texts('Select option a. Bids are opened at noon.')).toEqual(['Select option a.', 'Bids are opened at noon.']);
  });

  it('does not split after abbreviations, initials or decimals', () => {
    const s = splitSentences(
      'Submit items, e.g. resumes and forms, to the U.S. Army Corps. See Sec. 2.2 and No. 5 of the list. J. Smith is the CO. Deliver on time!',
    ).map((x) => x.text);
    expect(s).toEqual([
      'Submit items, e.g. resumes and forms, to the U.S. Army Corps.',
      'See Sec. 2.2 and No. 5 of the list.',
      'J. Smith is the CO.',
      'Deliver on time!',
    ]);
  });

  it('does not split before a lowercase continuation', () => {
    expect(splitSentences('Use standard tools (open source, Scrum, etc.) and work well.')).toHaveLength(1);
  });

  it('joins a follow-up question of a few words to the sentence it asks more of', () => {
    const text =
      'Was the team involved in the code sample? To what extent? Did the plan name a lead? If so, how? Submit it. Which one applies?';
    const s = splitSentences(text);
    expect(s.map((x) => x.text)).toEqual([
      'Was the team involved in the code sample? To what extent?',
      'Did the plan name a lead? If so, how?',
      'Submit it.',
      'Which one applies?',
    ]);
    for (const x of s) expect(text.slice(x.offset, x.offset + x.text.length)).toBe(x.text);
  });

  it('reports offsets into the input', () => {
    const text = 'First one.  Second one.';
    for (const s of splitSentences(text)) expect(text.slice(s.offset, s.offset + s.text.length)).toBe(s.text);
  });
});

describe('segmentPage', () => {
  it('joins lines wrapped by PDF extraction into one sentence', () => {
    const text = [
      'The Contractor shall provide all labor, supervision, equipment and materials necessary to perform',
      'custodial services as specified herein. The Contractor shall submit a Quality Control Plan within',
      '15 days after award.',
    ].join('\n');
    expect(units(text).map((u) => u.text)).toEqual([
      'The Contractor shall provide all labor, supervision, equipment and materials necessary to perform custodial services as specified herein.',
      'The Contractor shall submit a Quality Control Plan within 15 days after award.',
    ]);
  });

  it('links bullets of every style to their lead-in', () => {
    const text = [
      'The technical volume shall include the following:',
      '- A staffing plan',
      '* A management approach',
      '• A transition schedule',
      'a. Resumes of key personnel',
      '(1) A quality control plan',
      '2. Three past performance references',
    ].join('\n');
    const segs = segmentPage(text);
    const u = segs.filter((x): x is Unit => x.kind !== 'heading');
    expect(u[0].leadIn).toBe(true);
    expect(u.slice(1).map((x) => x.text)).toEqual([
      'A staffing plan',
      'A management approach',
      'A transition schedule',
      'Resumes of key personnel',
      'A quality control plan',
      'Three past performance references',
    ]);
    for (const item of u.slice(1)) {
      expect(item.kind).toBe('item');
      expect(item.parent).toBe(segs.indexOf(u[0]));
    }
  });

  it('treats unmarked short lines after a lead-in as items and ends the list at a paragraph', () => {
    const text = [
      'The Vendor will provide the following services:',
      '',
      'Task 1 - Enhance the existing frontend',
      '',
      'Task 2 - Enhance the existing API',
      '',
      'Depending on research, more data may be needed. The team will adjust the backlog.',
    ].join('\n');
    const u = units(text);
    expect(u.map((x) => x.kind)).toEqual(['sentence', 'item', 'item', 'sentence', 'sentence']);
  });

  it('makes table rows units and marks the header row', () => {
    const text = [
      '| DELIVERABLE | DUE DATE |',
      '|---|---|',
      '| Monthly status report | 10th of each month |',
      '| Final report | 30 days before end |',
    ].join('\n');
    const rows = units(text);
    expect(rows.map((r) => r.text)).toEqual([
      'DELIVERABLE | DUE DATE',
      'Monthly status report | 10th of each month',
      'Final report | 30 days before end',
    ]);
    expect(rows.map((r) => r.isTableHeader)).toEqual([true, false, false]);
  });

  it('recognises multi-space column tables', () => {
    const text = [
      'CLIN    Description          Due',
      '0001    Kickoff briefing     5 days after award',
      '0002    Final report         At completion',
    ].join('\n');
    expect(units(text).every((u) => u.kind === 'row')).toBe(true);
  });

  it('emits headings, including numbered paragraphs with inline text', () => {
    const segs = segmentPage('SECTION C - STATEMENT OF WORK\nC.3.1 The Contractor shall mow all lawns weekly.');
    expect(segs[0].kind).toBe('heading');
    expect(segs.some((s) => s.kind === 'heading' && s.heading.number === 'C.3.1')).toBe(true);
    expect(units('C.3.1 The Contractor shall mow all lawns weekly.')[0].text).toBe('The Contractor shall mow all lawns weekly.');
  });
});
