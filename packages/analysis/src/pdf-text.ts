import { dropFurniture } from './pdf-furniture';
import { layoutPageWithHeadings, measureGeometry, measureTypography, pageLines, type LaidOutPage, type PageLines } from './pdf-lines';
import { fieldItems, openPdf, readPages, type FormField } from './pdf-read';
import { hasTableLines, pageRules, type Rule } from './pdf-rules';
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

/** Text of every page of a PDF, 1-based page numbers, in page order, and its filled form fields. */
export async function extractPdfText(bytes: Uint8Array): Promise<{ pages: PageText[]; fields: FormField[] }> {
  if (!looksLikePdf(bytes)) throw new PdfReadError('invalid', 'The file is not a PDF.');

  let laid: LaidOutPage[];
  const fields: FormField[] = [];
  try {
    const pdf = await openPdf(bytes);
    try {
      const read = await readPages(pdf);
      // Filled form fields are read into the page at their positions, beside their captions.
      const lines: PageLines[] = read.map((p) => {
        fields.push(...p.fields);
        return pageLines([...p.items, ...fieldItems(p.fields)]);
      });
      // Headers, footers and page numbers go first, so nothing after them is cut by them. Lines,
      // paragraphs, headings and table rows are then rebuilt from positions and type (see
      // pdf-lines.ts); margins, line spacing and type sizes are measured over the whole document.
      const body = carryRowsOver(dropFurniture(lines));
      const geometry = measureGeometry(body);
      const typography = measureTypography(body);
      // Ruling lines only where a page has table rows: the operator list costs a page's parse again.
      const rules: Rule[][] = [];
      for (let n = 0; n < body.length; n++) rules.push(hasTableLines(body[n]) ? await pageRules(pdf, n + 1).catch(() => []) : []);
      laid = joinPageBreaks(body.map((page, n) => layoutPageWithHeadings(page, geometry, typography, rules[n])));
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  } catch (err) {
    throw toPdfReadError(err);
  }

  // `headings` is present on every PDF page, empty when its type marks none: the type was read,
  // so words alone do not make a heading there (PageText: absent for plain text only).
  const pages: PageText[] = laid.map((p, i) => ({ page: i + 1, text: p.text, headings: p.headings }));
  const chars = pages.reduce((n, p) => n + p.text.replace(/\s+/g, '').length, 0);
  if (chars < MIN_TEXT_CHARS) {
    throw new PdfReadError('no_text', 'The PDF has no text layer (it may be a scan); run OCR first.');
  }
  return { pages, fields };
}

/**
 * A table row whose cells wrap over a page break (issue 22 item 2): the next page opens with lines
 * whose cells sit under the columns of the row that ended the page, the first column empty. Those
 * lines move up to the end of that page, set just below its last line, so the layout reads them
 * as the row's wrapped cells and the row stays one row (cited at the page it starts on).
 */
export function carryRowsOver(pages: PageLines[]): PageLines[] {
  const out = pages.map((p) => [...p]);
  for (let i = 0; i + 1 < out.length; i++) {
    const last = out[i].at(-1);
    if (!last || last.cells.length < 2) continue;
    const near = (a: number, b: number) => Math.abs(a - b) < last.size * 1.5;
    const next = out[i + 1];
    let n = 0;
    while (
      n < next.length &&
      next[n].cells.every((c) => last.cells.some((col) => near(col.x, c.x))) &&
      !next[n].cells.some((c) => near(c.x, last.cells[0].x))
    ) {
      n++;
    }
    if (n === 0) continue;
    const step = last.size * 1.25;
    const moved = next.splice(0, n).map((l, k) => ({ ...l, y: last.y - step * (k + 1) }));
    out[i].push(...moved);
  }
  return out;
}

// A block's last line ends a sentence, a list lead-in or a title.
const ENDS_BLOCK = /[.?!:;]["”’)\]]*$/;

/**
 * A sentence running over a page break: the page ends without closing punctuation and the next
 * page's first line starts in lower case. The continuation moves up to the page the sentence
 * starts on, so it is read whole (and cited at its first page).
 */
export function joinPageBreaks(pages: LaidOutPage[]): LaidOutPage[] {
  const out = pages.map((p) => ({ text: p.text, headings: [...p.headings] }));
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1];
    const cur = out[i];
    const lastBreak = prev.text.lastIndexOf('\n');
    const last = prev.text.slice(lastBreak + 1);
    if (!last || ENDS_BLOCK.test(last) || prev.headings.some((h) => h.start === lastBreak + 1)) continue;
    const nl = cur.text.indexOf('\n');
    const first = nl < 0 ? cur.text : cur.text.slice(0, nl);
    if (!/^[a-z]/.test(first) || cur.headings.some((h) => h.start === 0)) continue;
    // A hyphen split at the break closes up ("require-" + "ments"); otherwise a space.
    prev.text = /[A-Za-z][-‐]$/.test(last) ? prev.text + first : `${prev.text} ${first}`;
    const rest = nl < 0 ? '' : cur.text.slice(nl + 1);
    const trimmed = rest.replace(/^\n+/, '');
    const shift = cur.text.length - trimmed.length;
    cur.text = trimmed;
    cur.headings = cur.headings.map((h) => ({ ...h, start: h.start - shift })).filter((h) => h.start >= 0);
  }
  return out;
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
