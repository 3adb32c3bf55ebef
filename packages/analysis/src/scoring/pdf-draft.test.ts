import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfLayout } from '../pdf-layout';
import { extractPdfText } from '../pdf-text';
import type { Requirement } from '../types';
import { scoreDraft } from './score-draft';

// Issue 22 item 6: a PDF draft is read through the same layout layer as a solicitation. Headings
// its type marks (bold, larger, in sentence case: no numbering or capitals for the words to go by)
// become its sections; running footers, page numbers and captions are neither text nor body type.

const req = (requirement_id: string, section: 'L' | 'C', text: string): Requirement => ({
  requirement_id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: null,
});

const REQUIREMENTS = [
  req('C-1', 'C', 'The contractor shall describe how it recruits and retains qualified cloud engineers.'),
  req('C-2', 'C', 'The contractor shall keep the delivery schedule and report slippage to the Contracting Officer within two days.'),
  req('L-1', 'L', 'Text must be 12 point or larger.'),
];

async function draftPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const pages: Array<Array<[string, 'h' | 'b' | 'caption']>> = [
    [
      ['Our approach to staffing', 'h'],
      ['We recruit cloud engineers through referrals from our current staff and two university programs.', 'b'],
      ['Engineers stay with us: retention was 94 percent in 2024, helped by paid certification time.', 'b'],
      ['Figure 1. Engineers hired per quarter', 'caption'],
      ['Every new engineer pairs with a senior engineer for the first six weeks on the contract.', 'b'],
    ],
    [
      ['How we keep the schedule', 'h'],
      ['Our project manager tracks every milestone weekly against the delivery schedule.', 'b'],
      ['Any slippage goes to the Contracting Officer in writing within two days, with a recovery plan.', 'b'],
    ],
  ];
  pages.forEach((lines, p) => {
    const page = doc.addPage([612, 792]);
    let y = 720;
    for (const [text, kind] of lines) {
      if (kind === 'h') y -= 10;
      const size = kind === 'h' ? 16 : kind === 'caption' ? 9 : 12;
      page.drawText(text, { x: 72, y, size, font: kind === 'h' ? bold : regular });
      y -= kind === 'h' ? 28 : 18;
    }
    page.drawText(`Northwind Digital proposal | Page ${p + 1} of ${pages.length}`, { x: 220, y: 30, size: 8, font: regular });
  });
  return doc.save();
}

describe('a PDF draft read through the layout layer', () => {
  it('files answers under the headings its type marks, without footers, and checks fonts on body text only', async () => {
    const bytes = await draftPdf();
    const { pages } = await extractPdfText(bytes);
    const a = scoreDraft(REQUIREMENTS, pages, { layout: await extractPdfLayout(bytes) });
    const match = (id: string) => a.matches.find((m) => m.requirement_id === id);
    expect(match('C-1')).toMatchObject({ status: 'addressed', location_hint: 'Our approach to staffing (page 1)' });
    expect(match('C-2')).toMatchObject({ status: 'addressed', location_hint: 'How we keep the schedule (page 2)' });
    expect(a.missing_requirements).toEqual([]);
    // The running footer is furniture and the caption labels a figure: no passage shows either.
    for (const m of a.matches) expect(m.passage).not.toMatch(/Northwind Digital proposal|Page \d of 2|Figure 1|hired per quarter/);
    // The 8 pt footer and the 9 pt caption are not body text held to the 12 pt rule.
    expect(a.format_checks.find((c) => c.requirement_id === 'L-1')).toMatchObject({ check: 'font_size', status: 'passed' });
  });
});
