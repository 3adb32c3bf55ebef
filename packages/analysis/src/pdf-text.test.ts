import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { PdfReadError, extractPdfText } from './pdf-text';
import { extractRequirements } from './requirements';

async function pdfWithPages(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 16, size: 12, font }));
  }
  return doc.save();
}

// pdf-lib cannot encrypt, so build the smallest file with a Standard security handler
// whose user password is not empty: pdf.js then asks for a password.
function encryptedPdf(): Uint8Array {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -44 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(PdfReadError);
    return (err as PdfReadError).code;
  }
  return 'resolved';
}

describe('extractPdfText', () => {
  it('returns the text of each page with 1-based page numbers', async () => {
    const bytes = await pdfWithPages([
      ['SECTION L - INSTRUCTIONS TO OFFERORS', 'The Offeror shall submit one electronic copy.'],
      ['SECTION M - EVALUATION FACTORS FOR AWARD', 'Technical approach is the most important factor.'],
    ]);
    const { pages } = await extractPdfText(bytes);
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pages[0].text).toContain('The Offeror shall submit one electronic copy.');
    expect(pages[1].text).toContain('SECTION M');
    expect(pages[1].text).not.toContain('SECTION L');
  });

  it('leaves the caller’s bytes usable', async () => {
    const bytes = await pdfWithPages([['A page with enough text to count as a text layer.']]);
    await extractPdfText(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
    await expect(extractPdfText(bytes)).resolves.toBeDefined();
  });

  it('rejects a PDF without a text layer as no_text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawRectangle({ x: 50, y: 50, width: 200, height: 100, color: rgb(0.2, 0.2, 0.2) });
    expect(await codeOf(extractPdfText(await doc.save()))).toBe('no_text');
  });

  it('rejects non-PDF bytes as invalid', async () => {
    const garbage = new TextEncoder().encode('this is not a pdf at all, just some words');
    expect(await codeOf(extractPdfText(garbage))).toBe('invalid');
    expect(await codeOf(extractPdfText(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 1, 2, 3])))).toBe('invalid');
  });

  it('rejects a password-protected PDF as encrypted', async () => {
    expect(await codeOf(extractPdfText(encryptedPdf()))).toBe('encrypted');
  });

  it('feeds wrapped PDF text into extraction with page numbers', async () => {
    const bytes = await pdfWithPages([
      [
        'SECTION C - PERFORMANCE WORK STATEMENT',
        'C.1 The Contractor shall provide preventive maintenance for all HVAC equipment listed in',
        'Attachment J-1 and shall submit a monthly service report to the Contracting Officer.',
      ],
      [
        'SECTION L - INSTRUCTIONS TO OFFERORS',
        'L.1 The technical volume shall not exceed 20 pages and shall include the following:',
        'a. Management approach',
        'b. Staffing plan',
      ],
    ]);
    const reqs = extractRequirements((await extractPdfText(bytes)).pages);
    expect(reqs).toEqual([
      expect.objectContaining({
        requirement_id: 'C-1',
        page: 1,
        text: 'The Contractor shall provide preventive maintenance for all HVAC equipment listed in Attachment J-1 and shall submit a monthly service report to the Contracting Officer.',
      }),
      expect.objectContaining({ requirement_id: 'L-1', page: 2 }),
      expect.objectContaining({ requirement_id: 'L-1.a', page: 2, text: 'Management approach' }),
      expect.objectContaining({ requirement_id: 'L-1.b', page: 2, text: 'Staffing plan' }),
    ]);
  });
});
