import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

// The real GSA 14(c) RFQ text beside the repository (../shared/data/rfp; CI has it there too).
const RFQ_TEXT = path.resolve(import.meta.dirname, '../../shared/data/rfp/gsa-dol-14c-rfq.txt');

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
