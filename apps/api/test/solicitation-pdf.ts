import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * PDFs for tests, shared by the API tests and the e2e journeys (one typesetter, not two copies):
 * the small UCF solicitation, any text typeset as a writer would export it, the real 14(c) RFQ
 * typeset from its text, and a PDF without text.
 */

// The real GSA 14(c) RFQ text beside the repository (../shared/data/rfp; CI has it there too).
const RFQ_TEXT = path.resolve(import.meta.dirname, '../../../../shared/data/rfp/gsa-dol-14c-rfq.txt');

/** A small Uniform Contract Format solicitation: Section L instructions and Section M factors. */
export const SOLICITATION_PAGES: string[][] = [
  [
    'SECTION C - PERFORMANCE WORK STATEMENT',
    'C.1 The Contractor shall provide janitorial services for Building 12, five days a week.',
    'C.2 The Contractor shall maintain a quality control plan approved by the Contracting Officer.',
  ],
  [
    'SECTION L - INSTRUCTIONS TO OFFERORS',
    'L.1 Offerors shall submit the technical volume in no more than 20 pages.',
    'L.2 The proposal must use 12-point Times New Roman font with one-inch margins.',
    'L.3 Offerors shall provide three past performance references from the last five years.',
    'L.4 The price volume shall include a completed pricing schedule for each CLIN.',
  ],
  [
    'SECTION M - EVALUATION FACTORS FOR AWARD',
    'M.1 Technical approach is the most important factor and will be evaluated for feasibility.',
    'M.2 Past performance will be evaluated for relevance and recency.',
    'M.3 Price will be evaluated for reasonableness.',
  ],
];

export async function solicitationPdf(pages: string[][] = SOLICITATION_PAGES): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 54, y: 720 - i * 18, size: 10, font }));
  }
  return doc.save();
}

/** A PDF whose pages carry no text at all, like a scan without OCR. */
export async function pdfWithoutText(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100 });
  return doc.save();
}

/** Breaks a paragraph into lines that fit the page width. */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines;
}

/** Plain text typeset as a letter-size PDF (Helvetica 10 pt, 54 lines a page), as a writer would export it. */
export async function textPdf(text: string): Promise<Buffer> {
  // Helvetica's WinAnsi encoding lacks a few symbols; anything outside it becomes '?'.
  const clean = text.replace(/[^\x20-\x7e\n\u2018\u2019\u201c\u201d\u2013\u2014\u2022]/g, '?');
  const lines = clean.split('\n').flatMap((p) => (p.trim() ? wrap(p, 100) : ['']));
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let start = 0; start < lines.length; start += 54) {
    const page = doc.addPage([612, 792]);
    lines.slice(start, start + 54).forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 13, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

/** The real RFQ typeset as a letter-size PDF. */
export async function realSolicitationPdf(): Promise<Buffer> {
  return textPdf(readFileSync(RFQ_TEXT, 'utf8'));
}
