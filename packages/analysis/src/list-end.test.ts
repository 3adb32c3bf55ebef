import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfText } from './pdf-text';
import { extractRequirements } from './requirements';
import { segmentPage, type Unit } from './segment';

/**
 * Where a list ends: a one-sentence paragraph after a list is an item of it only when its layout
 * says so (segment.ts endsList). Each case says which layout fact decides.
 */

const LEAD = 'The contractor shall deliver the following:';
const AFTER = 'The Government will review each deliverable within ten days.';

/** The unit with this text: its kind and the lead-in it hangs from (null for none). */
function placed(text: string) {
  const segments = segmentPage(text);
  return (wanted: string) => {
    const u = segments.find((x): x is Unit => x.kind !== 'heading' && x.text === wanted);
    if (!u) throw new Error(`no unit "${wanted}"`);
    return { kind: u.kind, leadIn: u.parent >= 0 ? (segments[u.parent] as Unit).text : null };
  };
}

describe('a one-sentence paragraph after a list', () => {
  it('ends a list whose items all had a marker', () => {
    const at = placed(`${LEAD}\n(a) Monthly status report\n(b) Transition plan\n${AFTER}\n`);
    expect(at('Transition plan')).toEqual({ kind: 'item', leadIn: LEAD });
    expect(at(AFTER)).toEqual({ kind: 'sentence', leadIn: null });
  });

  it('ends a list of unmarked items printed without blank lines when a blank line comes before it', () => {
    const at = placed(`${LEAD}\nMonthly status report\nTransition plan\n\n${AFTER}\n`);
    expect(at('Transition plan')).toEqual({ kind: 'item', leadIn: LEAD });
    expect(at(AFTER)).toEqual({ kind: 'sentence', leadIn: null });
  });

  it('ends a list of indented items when it is back at the lead-in indent', () => {
    const at = placed(`${LEAD}\n    Monthly status report\n    Transition plan\n${AFTER}\n`);
    expect(at('Transition plan')).toEqual({ kind: 'item', leadIn: LEAD });
    expect(at(AFTER)).toEqual({ kind: 'sentence', leadIn: null });
  });

  it('stays in the list when indented deeper than the items (it carries on the last one)', () => {
    const at = placed(`${LEAD}\n(a) Monthly status report\n(b) Transition plan\n\n    The plan covers the first 60 days.\n`);
    expect(at('The plan covers the first 60 days.')).toEqual({ kind: 'item', leadIn: LEAD });
  });

  it('stays an item when nothing in the layout tells it apart: the first item, or items with blank lines between them', () => {
    expect(placed(`${LEAD}\n\n${AFTER}\n`)(AFTER)).toEqual({ kind: 'item', leadIn: LEAD });
    const loose = placed(`${LEAD}\n\nMonthly status report\n\nTransition plan\n\n${AFTER}\n`);
    expect(loose(AFTER)).toEqual({ kind: 'item', leadIn: LEAD });
  });

  it('stays an item when it has no closing punctuation (an unmarked item), and a one-sentence lead-in after the list nests in it', () => {
    const at = placed(`${LEAD}\n(a) Monthly status report\n(b) Transition plan\nQuality control plan\n`);
    expect(at('Quality control plan')).toEqual({ kind: 'item', leadIn: LEAD });
    const nested = placed(
      `${LEAD}\n(a) Monthly status report\n(b) Transition plan\n\nExplanation of the above:\n\n(a) Monthly status report - Due monthly.\n`,
    );
    expect(nested('Explanation of the above:')).toEqual({ kind: 'item', leadIn: LEAD });
  });

  it('ends the list when it is a paragraph of several sentences ending in a colon', () => {
    const text = `${LEAD}\n(a) Monthly status report\n\nThe contractor shall prepare the report each quarter. The report shall include:\n\n(a) Progress\n`;
    expect(placed(text)('The contractor shall prepare the report each quarter.')).toEqual({ kind: 'sentence', leadIn: null });
  });

  it('leaves the last item before it an item of the list, not a title over the paragraph', () => {
    const note = 'Each deliverable is described in Attachment 2.';
    const reqs = extractRequirements([
      { page: 1, text: `SECTION C - STATEMENT OF WORK\n\n${LEAD}\n\na. Monthly Status Report\nb. Transition Plan\n\n${note}\n` },
    ]);
    expect(reqs.map((r) => [r.text, r.lead_in ?? null])).toEqual([
      [LEAD, null],
      ['Monthly Status Report', LEAD],
      ['Transition Plan', LEAD],
    ]);
  });

  it('ends the list in a typeset PDF too: a paragraph gap and no bullet after bulleted items', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const put = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 10, font });
    put('SECTION C - STATEMENT OF WORK', 72, 720);
    put(LEAD, 72, 696);
    put('-', 84, 682);
    put('Monthly status report', 96, 682);
    put('-', 84, 670);
    put('Transition plan', 96, 670);
    put(AFTER, 72, 646);
    put('The contractor shall attend the kickoff meeting.', 72, 622);
    const { pages } = await extractPdfText(await doc.save());
    const reqs = extractRequirements(pages).map((r) => [r.text, r.lead_in ?? null]);
    expect(reqs).toEqual([
      [LEAD, null],
      ['Monthly status report', LEAD],
      ['Transition plan', LEAD],
      ['The contractor shall attend the kickoff meeting.', null],
    ]);
  });
});

describe('a caption printed again under itself', () => {
  it('is one lead-in, not one longer lead-in per nesting level', () => {
    const text =
      'SECTION C - STATEMENT OF WORK\n\nDetailed Description:\nDetailed Description:\n- The scanner shall be provided as described in SOW 4.3.\n';
    const reqs = extractRequirements([{ page: 1, text }]);
    expect(reqs.find((r) => r.text.startsWith('The scanner'))?.lead_in).toBe('Detailed Description:');
  });
});
