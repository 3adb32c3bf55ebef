import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem as PdfJsTextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import type { TextItem } from './pdf-lines';

/**
 * What pdf.js gives for each page, reduced to what layout needs: text runs with their position,
 * size and typeface (bold / italic matter: Word and Google Docs exports mark headings only that
 * way), and filled form fields (an SF-1449's solicitation number and offer due date are widget
 * values, not page text). The legacy build carries the polyfills pdf.js needs on Node 20.
 */

/** A filled AcroForm field on a page. */
export interface FormField {
  /** Fully qualified field name ("topmostSubform[0].Page1[0].solicitationnumber[0]"). */
  name: string;
  /** The field's tooltip (/TU), which on government forms names the block ("5. SOLICITATION NUMBER");
   * without one, the caption printed just above the field. */
  caption: string;
  value: string;
  /** [x1, y1, x2, y2] in page points, origin bottom left. */
  rect: [number, number, number, number];
  page: number;
}

export interface PdfPageRead {
  page: number;
  width: number;
  height: number;
  items: TextItem[];
  fields: FormField[];
}

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js transfers (detaches) the buffer it is given and refuses Node Buffers: hand it a
  // plain Uint8Array copy so the caller's bytes stay usable whatever they were.
  return getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
}

const isRun = (item: PdfJsTextItem | TextMarkedContent): item is PdfJsTextItem => 'str' in item;

// Weights a reader sees as bold; PostScript names carry them after the family ("Arial-BoldMT").
const BOLD_NAME = /bold|black|heavy|semibold|demi/i;
const ITALIC_NAME = /italic|oblique/i;

interface FontStyle {
  name: string;
  bold: boolean;
  italic: boolean;
}

/**
 * Reads every page. A font's real name is known only after an operator list that uses it has been
 * built, so one is built only for a page that brings a font not seen before (fonts are shared
 * across pages: usually a handful of pages in a document).
 */
export async function readPages(pdf: PDFDocumentProxy): Promise<PdfPageRead[]> {
  const fonts = new Map<string, FontStyle>();
  const out: PdfPageRead[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const runs = content.items.filter(isRun);
    if (runs.some((r) => r.str.trim() && !fonts.has(r.fontName))) await resolveFonts(page, runs, fonts);
    const items: TextItem[] = [];
    for (const r of runs) {
      if (!r.str) continue;
      const [a, b, c, d, e, f] = r.transform as number[];
      const style = fonts.get(r.fontName);
      items.push({
        str: r.str,
        x: e,
        y: f,
        width: r.width,
        size: Math.hypot(c, d) || Math.hypot(a, b) || r.height,
        ...(style ? { font: style.name, bold: style.bold, italic: style.italic } : {}),
      });
    }
    const fields = await formFields(page, n, items);
    out.push({ page: n, width: x1 - x0, height: y1 - y0, items, fields });
    page.cleanup();
  }
  return out;
}

async function resolveFonts(page: PDFPageProxy, runs: PdfJsTextItem[], fonts: Map<string, FontStyle>): Promise<void> {
  await page.getOperatorList();
  for (const r of runs) {
    if (fonts.has(r.fontName)) continue;
    let name = r.fontName;
    let bold = false;
    let italic = false;
    try {
      const font = page.commonObjs.get(r.fontName) as { name?: string; bold?: boolean; italic?: boolean; black?: boolean } | undefined;
      if (font?.name) name = font.name.replace(/^[A-Z]{6}\+/, '');
      bold = Boolean(font?.bold || font?.black);
      italic = Boolean(font?.italic);
    } catch {
      // Not resolved (a Type3 or broken font): keep pdf.js's internal name, no style.
    }
    fonts.set(r.fontName, { name, bold: bold || BOLD_NAME.test(name), italic: italic || ITALIC_NAME.test(name) });
  }
}

interface WidgetAnnotation {
  subtype?: string;
  fieldType?: string;
  fieldName?: string;
  fieldValue?: unknown;
  alternativeText?: string;
  rect?: number[];
  exportValue?: string;
  checkBox?: boolean;
  radioButton?: boolean;
  buttonValue?: string;
}

/**
 * The caption printed for a field: the nearest line of page text just above it (or on its line to
 * its left) that overlaps it horizontally. Used when the form gives the field no tooltip.
 */
function printedCaption(rect: [number, number, number, number], items: TextItem[]): string {
  const [x1, y1, x2, y2] = rect;
  let best: TextItem | null = null;
  let bestDy = Infinity;
  for (const it of items) {
    if (!it.str.trim()) continue;
    const overlaps = it.x < x2 && it.x + it.width > x1 - 10;
    const dy = it.y - y2;
    const above = dy > -it.size && dy < 30 && overlaps;
    const left = Math.abs(it.y - y1) < 4 && it.x + it.width <= x1 + 2 && x1 - (it.x + it.width) < 60;
    const d = above ? Math.max(0, dy) : left ? 0.5 : Infinity;
    if (d < bestDy) [best, bestDy] = [it, d];
  }
  if (!best) return '';
  const b = best;
  return items
    .filter((it) => Math.abs(it.y - b.y) < 2 && it.x < Math.max(x2, b.x + b.width) + 10 && it.x + it.width > Math.min(x1, b.x) - 10)
    .sort((a, c) => a.x - c.x)
    .map((it) => it.str.trim())
    .filter(Boolean)
    .join(' ');
}

/** Filled text, choice and checked box fields; empty ones and signatures say nothing. */
async function formFields(page: PDFPageProxy, n: number, items: TextItem[]): Promise<FormField[]> {
  let annots: WidgetAnnotation[];
  try {
    annots = (await page.getAnnotations()) as WidgetAnnotation[];
  } catch {
    return [];
  }
  const out: FormField[] = [];
  for (const a of annots) {
    if (a.subtype !== 'Widget' || !a.rect || a.rect.length !== 4) continue;
    let value = '';
    if (a.fieldType === 'Tx' || a.fieldType === 'Ch') {
      const v = Array.isArray(a.fieldValue) ? a.fieldValue.join(', ') : typeof a.fieldValue === 'string' ? a.fieldValue : '';
      value = v.replace(/\r\n?/g, '\n').trim();
    } else if (a.fieldType === 'Btn' && (a.checkBox || a.radioButton)) {
      // A checked box reads as its caption being chosen; its own value is an export code.
      const on = typeof a.fieldValue === 'string' && a.fieldValue !== 'Off' && a.fieldValue !== '';
      if (on) value = '☒';
    }
    if (!value) continue;
    const [x1, y1, x2, y2] = a.rect;
    const rect: FormField['rect'] = [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)];
    out.push({ name: a.fieldName ?? '', caption: (a.alternativeText ?? '').trim() || printedCaption(rect, items), value, rect, page: n });
  }
  return out;
}

/**
 * Field values as text items at their positions, so a value stands next to its caption in the
 * page text ("5. SOLICITATION NUMBER" … "RFQ1204822"). Multi-line values become one item a line.
 */
export function fieldItems(fields: FormField[]): TextItem[] {
  const items: TextItem[] = [];
  for (const f of fields) {
    const [x1, y1, , y2] = f.rect;
    const lines = f.value.split('\n').filter((l) => l.trim());
    const size = Math.max(6, Math.min(10, (y2 - y1 - 2) / Math.max(1, lines.length)));
    lines.forEach((line, i) => {
      items.push({ str: line, x: x1 + 2, y: y2 - 2 - size * (i + 1), width: line.length * size * 0.5, size, field: true });
    });
  }
  return items;
}
