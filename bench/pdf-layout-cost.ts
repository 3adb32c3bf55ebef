import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFurniture } from '../packages/analysis/src/pdf-furniture';
import { layoutPageWithHeadings, measureGeometry, measureTypography, pageLines } from '../packages/analysis/src/pdf-lines';
import { fieldItems, openPdf, readPages } from '../packages/analysis/src/pdf-read';
import { hasTableLines, pageRules, type Rule } from '../packages/analysis/src/pdf-rules';
import { carryRowsOver, joinPageBreaks } from '../packages/analysis/src/pdf-text';

/**
 * npx tsx bench/pdf-layout-cost.ts [--runs 5]
 * What the layout layer of extractPdfText costs per page, apart from pdf.js: for every PDF in
 * ../shared/data/rfp (labelled) and its real-pdfs/ (agency-published), times pdf.js reading
 * (text content, fonts, form fields), the ruling lines of pages with table rows (a second operator
 * list there), and then the layout layer (lines, furniture, rows carried
 * over page breaks, typography, two columns, tables, headings, page-break joins) on the read pages, median of the runs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(here, '../../shared/data/rfp');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const files = [
  ...readdirSync(dataDir)
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => path.join(dataDir, f)),
  ...readdirSync(path.join(dataDir, 'real-pdfs'))
    .filter((f) => f.endsWith('.pdf'))
    .map((f) => path.join(dataDir, 'real-pdfs', f)),
];
let pagesTotal = 0;
let readTotal = 0;
let layoutTotal = 0;
let rulesTotal = 0;
console.log('| PDF | pages | pdf.js read ms | rules read ms | layout ms | layout ms/page |');
console.log('|---|---|---|---|---|---|');
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const reads: number[] = [];
  const layouts: number[] = [];
  const ruleReads: number[] = [];
  let pages = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const pdf = await openPdf(bytes);
    const read = await readPages(pdf);
    const t1 = performance.now();
    const lines = read.map((p) => pageLines([...p.items, ...fieldItems(p.fields)]));
    const body = carryRowsOver(dropFurniture(lines));
    const t2 = performance.now();
    // Ruling lines: a second operator list, on pages with table rows only (pdf.js work, timed apart).
    const rules: Rule[][] = [];
    for (let n = 0; n < body.length; n++) rules.push(hasTableLines(body[n]) ? await pageRules(pdf, n + 1) : []);
    const t3 = performance.now();
    const geometry = measureGeometry(body);
    const typography = measureTypography(body);
    joinPageBreaks(body.map((p, n) => layoutPageWithHeadings(p, geometry, typography, rules[n])));
    const t4 = performance.now();
    await pdf.destroy();
    reads.push(t1 - t0);
    layouts.push(t2 - t1 + (t4 - t3));
    ruleReads.push(t3 - t2);
    pages = read.length;
  }
  pagesTotal += pages;
  readTotal += median(reads);
  layoutTotal += median(layouts);
  rulesTotal += median(ruleReads);
  console.log(
    `| ${path.basename(file)} | ${pages} | ${median(reads).toFixed(0)} | ${median(ruleReads).toFixed(0)} | ${median(layouts).toFixed(1)} | ${(median(layouts) / pages).toFixed(2)} |`,
  );
}
console.log(
  `| **all** | ${pagesTotal} | ${readTotal.toFixed(0)} | ${rulesTotal.toFixed(0)} | ${layoutTotal.toFixed(1)} | ${(layoutTotal / pagesTotal).toFixed(2)} |`,
);
