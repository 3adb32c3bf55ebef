import { OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Line } from './pdf-lines';

/**
 * Horizontal ruling lines a page draws (issue 22 item 2): where a table rules its rows, a row runs
 * from one rule to the next, however its cells wrap, even when its rows are set as tight as the
 * lines inside them (spacing alone then cannot tell a wrapped first column from a new row). Read
 * from pdf.js's operator list: each path's bounding box, through the current transform, in page
 * points; a box under 2.5 pt high and at least 20 pt wide is a rule (a stroked line, or the thin
 * filled rectangle Word draws for a cell border).
 */
export interface Rule {
  y: number;
  x1: number;
  x2: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_HEIGHT = 2.5;
const MIN_WIDTH = 20;

/** m × n as pdf.js composes a `cm` onto the current transform (n applies first). */
const compose = (m: Matrix, n: number[]): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** The horizontal rules of one page (1-based), top to bottom. */
export async function pageRules(pdf: PDFDocumentProxy, pageNumber: number): Promise<Rule[]> {
  const page = await pdf.getPage(pageNumber);
  try {
    const { fnArray, argsArray } = await page.getOperatorList();
    const rules: Rule[] = [];
    const stack: Matrix[] = [];
    let ctm = IDENTITY;
    for (let i = 0; i < fnArray.length; i++) {
      const fn = fnArray[i];
      if (fn === OPS.save) stack.push(ctm);
      else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
      else if (fn === OPS.transform) ctm = compose(ctm, argsArray[i] as number[]);
      else if (fn === OPS.constructPath) {
        // pdf.js 5: [drawing op, [path data], minMax = [minX, minY, maxX, maxY] before the transform].
        const box = (argsArray[i] as unknown[])[2] as ArrayLike<number> | null | undefined;
        if (!box || box.length < 4) continue;
        const corners = [apply(ctm, box[0], box[1]), apply(ctm, box[2], box[3]), apply(ctm, box[0], box[3]), apply(ctm, box[2], box[1])];
        const xs = corners.map((c) => c[0]);
        const ys = corners.map((c) => c[1]);
        const [x1, x2, y1, y2] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
        if (y2 - y1 <= MAX_HEIGHT && x2 - x1 >= MIN_WIDTH) rules.push({ y: (y1 + y2) / 2, x1, x2 });
      }
    }
    return rules.sort((a, b) => b.y - a.y);
  } finally {
    page.cleanup();
  }
}

/** A page worth reading rules for: three or more lines split into cells (a table's rows). */
export const hasTableLines = (lines: Line[]): boolean => lines.filter((l) => l.cells.length >= 2).length >= 3;
