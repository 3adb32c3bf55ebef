import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/**
 * A long, valid text PDF (issue 16: one such file froze the server): `pages` pages that all share
 * one content stream of `linesPerPage` numbered contract paragraphs, so thousands of pages are
 * made in moments and stay small, while a reader still has to parse every page.
 */
export async function longPdf(pages: number, linesPerPage = 40): Promise<Uint8Array> {
  const first = await PDFDocument.create();
  const font = await first.embedFont(StandardFonts.Helvetica);
  const page = first.addPage([612, 792]);
  page.drawText('SECTION C - PERFORMANCE WORK STATEMENT', { x: 54, y: 750, size: 10, font });
  for (let i = 0; i < linesPerPage; i++) {
    page.drawText(`C.${i + 1} The Contractor shall provide janitorial services for Building ${i + 1}, five days a week.`, {
      x: 54,
      y: 730 - i * 17,
      size: 10,
      font,
    });
  }
  // Saved and loaded again, the page's content stream and resources are references other pages can share.
  const doc = await PDFDocument.load(await first.save());
  const template = doc.getPage(0).node;
  for (let p = 1; p < pages; p++) {
    const next = doc.addPage([612, 792]).node;
    next.set(PDFName.of('Contents'), template.get(PDFName.of('Contents'))!);
    next.set(PDFName.of('Resources'), template.get(PDFName.of('Resources'))!);
  }
  return doc.save({ useObjectStreams: true });
}
