import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropFurniture } from '../packages/analysis/src/pdf-furniture';
import { layoutPageWithHeadings, measureGeometry, measureTypography, pageLines } from '../packages/analysis/src/pdf-lines';
import { fieldItems, openPdf, readPages } from '../packages/analysis/src/pdf-read';
import { carryRowsOver, joinPageBreaks } from '../packages/analysis/src/pdf-text';

/**
 * npx tsx bench/pdf-layout-cost.ts [--runs 5]
 * What the layout layer of extractPdfText costs per page, apart from pdf.js: for every PDF in
 * ../shared/data/rfp (labelled) and its real-pdfs/ (agency-published), times pdf.js reading
 * (text content, fonts, form fields) and then the layout layer (lines, furniture, rows carried
 * over page breaks, typography, two columns, tables, headings, page-break joins) on the read pages, median of the runs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(here, '../../shared/data/rfp');
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const files = [
  ...readdirSync(dataDir).filter((f) => f.endsWith('.pdf')).map((f) => path.join(dataDir, f)),
  ...readdirSync(path.join(dataDir, 'real-pdfs')).filter((f) => f.endsWith('.pdf')).map((f) => path.join(dataDir, 'real-pdfs', f)),
];
let pagesTotal = 0;
let readTotal = 0;
let layoutTotal = 0;
console.log('| PDF | pages | pdf.js read ms | layout ms | layout ms/page |');
console.log('|---|---|---|---|---|');
for (const file of files) {
  const bytes = new Uint8Array(readFileSync(file));
  const reads: number[] = [];
  const layouts: number[] = [];
  let pages = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    const pdf = await openPdf(bytes);
    const read = await readPages(pdf);
    await pdf.destroy();
    const t1 = performance.now();
    const lines = read.map((p) => pageLines([...p.items, ...fieldItems(p.fields)]));
    const body = carryRowsOver(dropFurniture(lines));
    const geometry = measureGeometry(body);
    const typography = measureTypography(body);
    joinPageBreaks(body.map((p) => layoutPageWithHeadings(p, geometry, typography)));
    const t2 = performance.now();
    reads.push(t1 - t0);
    layouts.push(t2 - t1);
    pages = read.length;
  }
  pagesTotal += pages;
  readTotal += median(reads);
  layoutTotal += median(layouts);
  console.log(`| ${path.basename(file)} | ${pages} | ${median(reads).toFixed(0)} | ${median(layouts).toFixed(1)} | ${(median(layouts) / pages).toFixed(2)} |`);
}
console.log(`| **all** | ${pagesTotal} | ${readTotal.toFixed(0)} | ${layoutTotal.toFixed(1)} | ${(layoutTotal / pagesTotal).toFixed(2)} |`);
