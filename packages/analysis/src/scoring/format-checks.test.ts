import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfLayout, fontFamily, type PdfLayout } from '../pdf-layout';
import type { PageText, Requirement } from '../types';
import { checkFormat, formatSuggestion } from './format-checks';
import { splitDraft } from './passages';

const req = (requirement_id: string, text: string, section: Requirement['section'] = 'L'): Requirement => ({ requirement_id, section, must_or_should: 'must', weight: 1, text, page: null });

/** Pages of text, each line set in the given font and size. */
async function pdf(pages: string[][], font: StandardFonts, size: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const f = await doc.embedFont(font);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * (size + 4), size, font: f }));
  }
  return doc.save();
}

const prose = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} explains how our crews schedule and inspect the grounds maintenance work.`);
// Volume I on pages 1-3, Volume II on page 4.
const PAGES = [['Volume I - Technical', '1 Approach', ...prose(20)], prose(25), prose(25), ['Volume II - Price', '1 Rates', ...prose(5)]];
const pageTexts = (pages: string[][]): PageText[] => pages.map((lines, i) => ({ page: i + 1, text: lines.join('\n') }));

describe('fontFamily', () => {
  it('names the family without subset tag, style or PostScript suffixes', () => {
    expect(fontFamily('ABCDEF+TimesNewRomanPS-BoldItalicMT')).toBe('Times New Roman');
    expect(fontFamily('ArialMT')).toBe('Arial');
    expect(fontFamily('Helvetica-Bold')).toBe('Helvetica');
    expect(fontFamily('Times-Roman')).toBe('Times');
  });
});

describe('extractPdfLayout', () => {
  it('reads page size, font names and sizes from the text runs', async () => {
    const layout = await extractPdfLayout(await pdf([['Hello there, evaluators.']], StandardFonts.Helvetica, 9));
    expect(layout.pageCount).toBe(1);
    expect(layout.pages[0]).toMatchObject({ page: 1, width: 612, height: 792 });
    expect(layout.pages[0].fonts).toEqual([{ family: 'Helvetica', name: 'Helvetica', size: 9, chars: 22 }]);
  });
});

describe('checkFormat', () => {
  const RULES = [
    req('L-1', 'Volume I shall not exceed 2 pages.'),
    req('L-2', 'Text shall be Times New Roman, no smaller than 11 point.'),
    req('L-3', 'Volume I - Technical'),
    req('L-4', 'Volume II - Price'),
    req('L-5', 'Volume III - Past Performance'),
    req('C-1', 'Monthly reports shall not exceed 10 pages.', 'C'),
  ];

  it('fails the page limit of a volume, the font size and family, and a missing volume, each with its location', async () => {
    const layout: PdfLayout = await extractPdfLayout(await pdf(PAGES, StandardFonts.Helvetica, 9));
    const checks = checkFormat(RULES, splitDraft(pageTexts(PAGES)), { layout });
    expect(checks.map((c) => [c.requirement_id, c.check, c.status])).toEqual([
      ['L-1', 'page_limit', 'failed'],
      ['L-2', 'font_size', 'failed'],
      ['L-2', 'font_family', 'failed'],
      ['L-3', 'volume', 'passed'],
      ['L-4', 'volume', 'passed'],
      ['L-5', 'volume', 'failed'],
    ]);
    const [pages, size, family] = checks;
    expect(pages).toMatchObject({ found: '3 pages (pages 1-3)', location_hint: 'Volume I (pages 1-3)' });
    expect(size).toMatchObject({ found: '9 pt text on pages 1-4 (100% of the text)', location_hint: 'Pages 1-4' });
    expect(family).toMatchObject({ expected: 'Times New Roman', found: 'Helvetica' });
    expect(formatSuggestion(pages)).toBe('Shorten Volume I to at most 2 pages (Volume I): it runs 3 pages (L-1).');
    expect(formatSuggestion(checks[5])).toBe('Add Volume III – Past Performance as a separate volume with its own heading, as L-5 requires.');
  });

  it('passes a draft that keeps the rules (Times is Times New Roman to a reader)', async () => {
    const short = [PAGES[0], PAGES[3]];
    const layout = await extractPdfLayout(await pdf(short, StandardFonts.TimesRoman, 12));
    const checks = checkFormat(RULES.slice(0, 2), splitDraft(pageTexts(short)), { layout });
    expect(checks.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
  });

  it('does not pass what it cannot see: a text draft has no pages or fonts', () => {
    const checks = checkFormat(RULES.slice(0, 2), splitDraft(PAGES.flat().join('\n')), { layout: null });
    expect(checks.map((c) => [c.check, c.status])).toEqual([
      ['page_limit', 'not_checked'],
      ['font_size', 'not_checked'],
      ['font_family', 'not_checked'],
    ]);
  });
});

// Issue 21: a one-page limit read "at most 1 pages".
describe('page limit wording', () => {
  it('says "at most 1 page" and "2 pages" with the right number', async () => {
    const layout = await extractPdfLayout(await pdf([PAGES[0], PAGES[1]], StandardFonts.TimesRoman, 12));
    const [check] = checkFormat([req('L-1', 'Volume I shall not exceed 1 page.')], splitDraft(pageTexts([PAGES[0], PAGES[1]])), { layout });
    expect(check).toMatchObject({ status: 'failed', expected: 'at most 1 page (Volume I)', found: '2 pages (pages 1-2)' });
    expect(formatSuggestion(check)).toBe('Shorten Volume I to at most 1 page (Volume I): it runs 2 pages (L-1).');
  });
});
