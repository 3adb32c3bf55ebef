/**
 * Reads every agency-published PDF in the shared data directory's real-pdfs/ (RFP_DATA_DIR,
 * default ../shared/data/rfp next to the repository) the way an upload is read, and prints what a
 * reader would check: pages, milliseconds, requirements by section, fragments under four words,
 * requirements on table-of-contents pages, sentences left cut at page ends, form facts read.
 * They are not labelled, so there is no precision or recall here (see eval:requirements).
 * Usage: npm run eval:real-pdfs [-- --file <name part>]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractPdfText, extractRequirements, solicitationFormFacts } from '../src/index';
import { bySection, cutAtPageEnds, fragments, shortRequirements, tableOfContentsPages } from '../src/layout-metrics';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dataDir = process.env.RFP_DATA_DIR ? path.resolve(process.env.RFP_DATA_DIR) : path.resolve(repoRoot, '../shared/data/rfp');
const dir = path.join(dataDir, 'real-pdfs');
const args = process.argv.slice(2);
const fileFilter = args.includes('--file') ? args[args.indexOf('--file') + 1] : undefined;

if (!existsSync(dir)) {
  console.error(`No real-pdfs directory at ${dir} (set RFP_DATA_DIR).`);
  process.exit(1);
}

console.log('| File | Pages | ms | L | M | C | other | Under 4 words | Fragments | On TOC pages | Cut at page ends | Form facts |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.pdf'))
  .sort()) {
  if (fileFilter && !file.includes(fileFilter)) continue;
  const bytes = new Uint8Array(readFileSync(path.join(dir, file)));
  const started = performance.now();
  const { pages, fields } = await extractPdfText(bytes);
  const reqs = extractRequirements(pages);
  const ms = performance.now() - started;
  const s = bySection(reqs);
  const frag = fragments(reqs).length;
  const toc = tableOfContentsPages(pages);
  const onToc = reqs.filter((r) => r.page !== null && toc.has(r.page)).length;
  const facts = solicitationFormFacts(fields);
  const read = Object.entries(facts).map(
    ([k, v]) =>
      `${k}=${typeof v.value === 'string' ? v.value.slice(0, 40) : [v.value.date, v.value.time, v.value.zone].filter(Boolean).join(' ')}`,
  );
  const pct = (n: number) => (reqs.length ? ((100 * n) / reqs.length).toFixed(1) : '0.0');
  const short = shortRequirements(reqs).length;
  console.log(
    `| ${file} | ${pages.length} | ${ms.toFixed(0)} | ${s.L} | ${s.M} | ${s.C} | ${s.other} | ${short} (${pct(short)}%) | ${frag} (${pct(frag)}%) | ${onToc}${toc.size ? ` (TOC p. ${[...toc].join(', ')})` : ''} | ${cutAtPageEnds(reqs)} | ${read.join('; ') || '—'} |`,
  );
}
