import { PDFDocument, StandardFonts } from 'pdf-lib';

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
