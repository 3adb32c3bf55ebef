import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPdfLayout, fontFamily, type PdfLayout } from '../pdf-layout';
import type { PageText, Requirement } from '../types';
import { checkFormat, formatSuggestion } from './format-checks';
import { splitDraft } from './passages';

const req = (requirement_id: string, text: string, section: Requirement['section'] = 'L'): Requirement => ({
  requirement_id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: null,
});

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

const prose = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} explains how our crews schedule and inspect the grounds maintenance work.`);
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
    expect(formatSuggestion(checks[5])).toBe(
      'Add Volume III – Past Performance as a separate volume with its own heading, as L-5 requires.',
    );
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

describe('checkFormat: a limit applies to what it governs', () => {
  /** Pages of body lines in 12 pt with an 8 pt "Page N of M" footer, as a word processor exports them. */
  async function paged(pages: string[][]): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const f = await doc.embedFont(StandardFonts.TimesRoman);
    pages.forEach((lines, p) => {
      const page = doc.addPage([612, 792]);
      lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 16, size: 12, font: f }));
      page.drawText(`Page ${p + 1} of ${pages.length}`, { x: 280, y: 30, size: 8, font: f });
    });
    return doc.save();
  }
  const body = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} says how the team plans, staffs and reviews the work.`);
  // Technical approach p1; staffing pp2-3; one resume on p4, one over pp5-6 (too long).
  const DRAFT = [
    ['TECHNICAL APPROACH', ...body(20)],
    ['STAFFING', ...body(20)],
    body(20),
    ['RESUME - JANE SMITH', ...body(10)],
    ['RESUME - OMAR DIAZ', ...body(20)],
    body(8),
  ];
  const RULES = [
    req('L-20', 'Resumes shall not exceed one page each.'),
    req('L-21', 'The staffing section shall not exceed three pages.'),
    req('L-22', 'Letters of commitment are limited to one page each.'),
    req('L-23', 'The technical proposal shall not exceed 10 pages.'),
    req('L-24', 'Text must be 12 point or larger.'),
  ];

  it('checks each resume on its own pages, the staffing section on its pages, and reports a part it cannot find', async () => {
    const bytes = await paged(DRAFT);
    const layout = await extractPdfLayout(bytes);
    const checks = checkFormat(RULES, splitDraft(pageTexts(DRAFT)), { layout });
    expect(checks.map((c) => [c.requirement_id, c.check, c.status, c.location_hint])).toEqual([
      ['L-20', 'page_limit', 'passed', 'RESUME - JANE SMITH (page 4)'],
      ['L-20', 'page_limit', 'failed', 'RESUME - OMAR DIAZ (pages 5-6)'],
      ['L-21', 'page_limit', 'passed', 'STAFFING (pages 2-3)'],
      ['L-22', 'page_limit', 'not_checked', 'Whole draft'],
      ['L-23', 'page_limit', 'passed', 'Whole draft (pages 1-6)'],
      // The 8 pt footers are not body text.
      ['L-24', 'font_size', 'passed', 'Whole draft'],
    ]);
    expect(checks[1]).toMatchObject({ expected: 'at most 1 page for each resume', found: '2 pages (pages 5-6)' });
    expect(checks[3].found).toBe('not checked: part not found (no heading names it)');
  });

  it('never applies a part limit to the whole draft: a staffing limit passes a long draft whose staffing part is short', async () => {
    const long = [...DRAFT.slice(0, 3), ['PAST PERFORMANCE', ...body(30)], body(30), body(30)];
    const layout = await extractPdfLayout(await paged(long));
    const checks = checkFormat([RULES[1]], splitDraft(pageTexts(long)), { layout });
    expect(checks.map((c) => [c.status, c.found])).toEqual([['passed', '2 pages (pages 2-3)']]);
  });

  it('fails body text set below the minimum even with footers in the same small size', async () => {
    const doc = await PDFDocument.create();
    const f = await doc.embedFont(StandardFonts.TimesRoman);
    const page = doc.addPage([612, 792]);
    body(20).forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 12, size: 10, font: f }));
    page.drawText('Page 1 of 1', { x: 280, y: 30, size: 8, font: f });
    const layout = await extractPdfLayout(await doc.save());
    const [check] = checkFormat([RULES[4]], splitDraft([{ page: 1, text: body(20).join('\n') }]), { layout });
    expect(check).toMatchObject({ check: 'font_size', status: 'failed' });
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
