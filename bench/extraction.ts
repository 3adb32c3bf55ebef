import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { extractPdfText, extractRequirements } from '../packages/analysis/src/index';
import { percentile } from './measure';

/**
 * npx tsx bench/extraction.ts [--runs 7]
 * The three labelled solicitation PDFs (../shared/data/rfp) repeated to 100 pages, read three ways in
 * the same process, alternating, so a busy machine slows all of them alike:
 *   - unpdf's plain extractText (what extractPdfText did before it rebuilt the layout),
 *   - extractPdfText (pdf.js positions → lines, paragraphs, table rows; pdf-lines.ts),
 *   - extractRequirements on its pages.
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 7);
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(import.meta.dirname, '../../shared/data/rfp');

const out = await PDFDocument.create();
let pageCount = 0;
while (pageCount < 100) {
  for (const f of ['dod-disa-chargecard-rfp', 'gsa-dol-14c-rfq', 'loc-fedlink-language-rfp']) {
    const src = await PDFDocument.load(readFileSync(path.join(dataDir, `${f}.pdf`)));
    for (const p of await out.copyPages(src, src.getPageIndices())) {
      if (pageCount < 100) {
        out.addPage(p);
        pageCount += 1;
      }
    }
  }
}
const bytes = await out.save();

async function plainText(): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    return (await extractText(pdf, { mergePages: false })).text;
  } finally {
    await pdf.destroy();
  }
}

const times = { plain: [] as number[], layout: [] as number[], extract: [] as number[] };
let requirements = 0;
for (let i = 0; i < RUNS; i++) {
  let t = performance.now();
  await plainText();
  times.plain.push(performance.now() - t);
  t = performance.now();
  const { pages } = await extractPdfText(bytes);
  times.layout.push(performance.now() - t);
  t = performance.now();
  requirements = extractRequirements(pages).length;
  times.extract.push(performance.now() - t);
}
const med = (xs: number[]) =>
  `${percentile(
    [...xs].sort((a, b) => a - b),
    50,
  ).toFixed(0)} ms`;
console.log(`${pageCount} pages (${(bytes.byteLength / 1024).toFixed(0)} KB), ${requirements} requirements, ${RUNS} runs, medians:`);
console.log(`  unpdf extractText (no layout)   first ${times.plain[0].toFixed(0)} ms  median ${med(times.plain)}`);
console.log(`  extractPdfText (with layout)    first ${times.layout[0].toFixed(0)} ms  median ${med(times.layout)}`);
console.log(`  extractRequirements             first ${times.extract[0].toFixed(0)} ms  median ${med(times.extract)}`);
