import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';
import { PdfReadError } from './pdf-text';

/**
 * Page and font facts of a PDF, for the Section L format checks on a draft (page limits, font
 * size, font family). pdf.js gives each text run its font (`fontName`, resolved to the embedded
 * font's real name once the page's operator list is built) and its transform, whose vertical
 * scale is the size in points. The legacy build is used because it carries the polyfills pdf.js
 * needs on Node 20 (the modern build fails to build operator lists there).
 */

/** Characters set in one font family at one size on a page. */
export interface FontUse {
  /** Family as a reader would name it: "Times New Roman", "Arial", "Times" (subset tag, style and PS suffixes removed). */
  family: string;
  /** The font's own name without its subset tag, e.g. "TimesNewRomanPS-BoldMT". */
  name: string;
  /** Size in points, to 0.1. */
  size: number;
  /** Non-space characters set this way. */
  chars: number;
}

export interface PageLayout {
  /** 1-based. */
  page: number;
  /** Points. */
  width: number;
  height: number;
  /** Heaviest first. */
  fonts: FontUse[];
}

export interface PdfLayout {
  pageCount: number;
  pages: PageLayout[];
}

// Style and encoding suffixes that are not part of a family name.
const STYLE = /[-,]?(?:PSMT|PS|MT|Regular|Bold|Italic|Oblique|Light|Medium|Semibold|SemiBold|Demi|Black|Heavy|Condensed|Book)$/;

/** "ABCDEF+TimesNewRomanPS-BoldItalicMT" → "Times New Roman"; "Helvetica-Bold" → "Helvetica". */
export function fontFamily(name: string): string {
  let n = name.replace(/^[A-Z]{6}\+/, '');
  const dash = n.search(/[-,]/);
  if (dash > 0) n = n.slice(0, dash);
  for (let i = 0; i < 4; i++) n = n.replace(STYLE, '');
  // CamelCase to words ("TimesNewRoman" → "Times New Roman"), keeping acronyms together.
  return (
    n
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .trim() || name
  );
}

const isRun = (item: TextItem | TextMarkedContent): item is TextItem => 'str' in item;

/** Page sizes and the fonts and sizes every page's text is set in. */
export async function extractPdfLayout(bytes: Uint8Array): Promise<PdfLayout> {
  let pdf: PDFDocumentProxy;
  try {
    pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  } catch (err) {
    if ((err as { name?: string } | null)?.name === 'PasswordException')
      throw new PdfReadError('encrypted', 'The PDF is password-protected.', { cause: err });
    throw new PdfReadError('invalid', 'The PDF could not be read.', { cause: err });
  }
  try {
    const names = new Map<string, string>();
    const pages: PageLayout[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const [, , width, height] = page.view;
      const content = await page.getTextContent();
      const runs = content.items.filter(isRun);
      // A font's real name is known only after an operator list that uses it: build one for the
      // first page that brings a new font (fonts are shared across pages, so usually once).
      if (runs.some((r) => !names.has(r.fontName))) {
        await page.getOperatorList();
        for (const r of runs) {
          if (names.has(r.fontName)) continue;
          let name = r.fontName;
          try {
            const font = page.commonObjs.get(r.fontName) as { name?: string } | undefined;
            if (font?.name) name = font.name;
          } catch {
            // Not resolved (a Type3 or broken font): keep pdf.js's internal name.
          }
          names.set(r.fontName, name.replace(/^[A-Z]{6}\+/, ''));
        }
      }
      const uses = new Map<string, FontUse>();
      for (const r of runs) {
        const chars = r.str.replace(/\s+/g, '').length;
        if (!chars) continue;
        const size = Math.round(Math.hypot(r.transform[2], r.transform[3]) * 10) / 10;
        const name = names.get(r.fontName) ?? r.fontName;
        const key = `${name}@${size}`;
        const use = uses.get(key);
        if (use) use.chars += chars;
        else uses.set(key, { family: fontFamily(name), name, size, chars });
      }
      pages.push({ page: p, width, height, fonts: [...uses.values()].sort((a, b) => b.chars - a.chars || a.size - b.size) });
      page.cleanup();
    }
    return { pageCount: pdf.numPages, pages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
