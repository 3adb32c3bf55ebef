import { getDocumentProxy } from 'unpdf';
import { layoutPage, measureGeometry, pageLines, type PageLines, type TextItem } from './pdf-lines';
import type { PageText } from './types';

export type PdfReadErrorCode = 'encrypted' | 'no_text' | 'invalid';

/** A PDF we cannot turn into text; `code` tells the caller what to say to the user. */
export class PdfReadError extends Error {
  readonly code: PdfReadErrorCode;

  constructor(code: PdfReadErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfReadError';
    this.code = code;
  }
}

// Fewer non-space characters than this over the whole file means a scan without a text layer
// (a few stray glyphs such as page numbers or a stamp are not a usable text layer).
const MIN_TEXT_CHARS = 20;

/** Text of every page of a PDF, 1-based page numbers, in page order. */
export async function extractPdfText(bytes: Uint8Array): Promise<{ pages: PageText[] }> {
  if (!looksLikePdf(bytes)) throw new PdfReadError('invalid', 'The file is not a PDF.');

  let texts: string[];
  try {
    // pdf.js transfers (detaches) the buffer it is given and refuses Node Buffers: hand it a
    // plain Uint8Array copy so the caller's bytes stay usable whatever they were.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      const lines: PageLines[] = [];
      for (let n = 1; n <= pdf.numPages; n++) lines.push(pageLines(await pageTextItems(pdf, n)));
      // Lines, paragraphs and table rows are rebuilt from positions (see pdf-lines.ts); margins
      // and line spacing are measured over the whole document.
      const geometry = measureGeometry(lines);
      texts = lines.map((page) => layoutPage(page, geometry));
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  } catch (err) {
    throw toPdfReadError(err);
  }

  const pages = texts.map((text, i) => ({ page: i + 1, text }));
  const chars = pages.reduce((n, p) => n + p.text.replace(/\s+/g, '').length, 0);
  if (chars < MIN_TEXT_CHARS) {
    throw new PdfReadError('no_text', 'The PDF has no text layer (it may be a scan); run OCR first.');
  }
  return { pages };
}

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

async function pageTextItems(pdf: PdfDocument, n: number): Promise<TextItem[]> {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  const items: TextItem[] = [];
  for (const it of content.items) {
    if (!('str' in it) || !it.str) continue;
    const [a, b, c, d, e, f] = it.transform as number[];
    items.push({ str: it.str, x: e, y: f, width: it.width, size: Math.hypot(c, d) || Math.hypot(a, b) || it.height });
  }
  page.cleanup();
  return items;
}

// PDF readers accept a header anywhere in the first 1 KB; checking it avoids handing pdf.js garbage.
function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

function toPdfReadError(err: unknown): PdfReadError {
  if (err instanceof PdfReadError) return err;
  const name = (err as { name?: unknown } | null)?.name;
  // pdf.js signals a needed (or wrong) password with PasswordException.
  if (name === 'PasswordException') {
    return new PdfReadError('encrypted', 'The PDF is password-protected.', { cause: err });
  }
  return new PdfReadError('invalid', 'The PDF could not be read.', { cause: err });
}
