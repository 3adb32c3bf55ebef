import { describe, expect, it } from 'vitest';
import { headingOf, splitDraft } from './passages';

describe('headingOf', () => {
  it('recognises numbered, volume, markdown and capitalised headings', () => {
    expect(headingOf('2.3 Technical Approach', false)).toEqual({ volume: null, title: '2.3 Technical Approach' });
    expect(headingOf('Volume I - Technical Quote', true)).toEqual({ volume: 'Volume I', title: 'Technical Quote' });
    expect(headingOf('Technical Volume', true)).toEqual({ volume: 'Technical Volume', title: null });
    expect(headingOf('## Past Performance', false)).toEqual({ volume: null, title: 'Past Performance' });
    expect(headingOf('MANAGEMENT APPROACH', false)).toEqual({ volume: null, title: 'MANAGEMENT APPROACH' });
    expect(headingOf('Quality Control Plan', true)).toEqual({ volume: null, title: 'Quality Control Plan' });
  });

  it('leaves sentences, list items and wrapped lines alone', () => {
    expect(headingOf('We will deliver the plan within 30 days.', true)).toBeNull();
    expect(headingOf('1. Weekly status reports are due each Friday.', true)).toBeNull();
    // A wrapped line that happens to start with a number or capitals, mid-paragraph.
    expect(headingOf('30 Days after award the team', false)).toBeNull();
    expect(headingOf('Quality Control Plan', false)).toBeNull();
  });
});

describe('splitDraft', () => {
  const sentence = (i: number) => `Sentence number ${i} explains one part of our approach to the work in some detail.`;

  it('keeps short paragraphs whole and windows long ones with overlap', () => {
    const long = Array.from({ length: 7 }, (_, i) => sentence(i + 1)).join(' ');
    const split = splitDraft(`1 Approach\n${sentence(0)} ${sentence(0)}\n\n${long}\n`);
    const windows = split.passages.filter((p) => p.kind === 'window');
    expect(windows[0].text).toBe(`${sentence(0)} ${sentence(0)}`);
    // 7 sentences, windows of 3 moving by 2: 1-3, 3-5, 5-7.
    expect(
      windows.slice(1).map((p) =>
        p.text
          .match(/number (\d)/g)!
          .map((m) => m.slice(-1))
          .join(''),
      ),
    ).toEqual(['123', '345', '567']);
    expect(split.passages.every((p) => p.location === '1 Approach')).toBe(true);
    // The whole section is one more candidate: its heading and all nine sentences.
    const sections = split.passages.filter((p) => p.kind === 'section');
    expect(sections).toHaveLength(1);
    expect(sections[0].text.startsWith('1 Approach Sentence number 0')).toBe(true);
    expect(split.sentences).toHaveLength(9);
    expect(split.sections).toEqual([{ title: '1 Approach', volume: null, location: '1 Approach', firstPage: null, lastPage: null }]);
  });

  it('gives each passage its page and nearest heading, and skips page footers', () => {
    const { passages, headings } = splitDraft([
      { page: 1, text: 'Volume I - Technical\n1 Staffing\nWe staff the effort with four engineers.\nPage 1 of 2' },
      { page: 2, text: '2 Transition\nWe take over in 30 days.\n2' },
    ]);
    expect(passages.filter((p) => p.kind === 'window').map((p) => [p.text, p.page, p.location])).toEqual([
      ['We staff the effort with four engineers.', 1, 'Volume I, 1 Staffing (page 1)'],
      ['We take over in 30 days.', 2, 'Volume I, 2 Transition (page 2)'],
    ]);
    expect(headings.map((h) => h.location)).toEqual([
      'Volume I, Technical (page 1)',
      'Volume I, 1 Staffing (page 1)',
      'Volume I, 2 Transition (page 2)',
    ]);
  });

  it('splits bullets that have no full stop into separate sentences', () => {
    const { passages } = splitDraft('Our team:\n• a Program Manager with 15 years\n• a Technical Lead\n• two developers');
    expect(passages).toHaveLength(1);
    expect(passages[0].text).toBe('Our team: • a Program Manager with 15 years • a Technical Lead • two developers');
    expect(passages[0].evidence).toEqual(['figure', 'named role']);
  });

  it('numbers paragraphs when a draft has no headings', () => {
    const { passages } = splitDraft('We staff the effort with four engineers.\n\nWe report every week.');
    expect(passages.map((p) => p.location)).toEqual(['Paragraph 1', 'Paragraph 2']);
  });
});
