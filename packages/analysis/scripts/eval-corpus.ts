/**
 * Runs the extractor over the unlabelled robustness corpus (RFP_DATA_DIR/corpus, default
 * ../shared/data/rfp/corpus next to the repository) and prints what any correct extractor must
 * hold to: crashes, milliseconds per document, requirements per document, repeats within a
 * section, fragments under four words, L and M found where MANIFEST.tsv says the text has those
 * headings, plain "<party> shall/must" sentences kept, requirements with no obligation word.
 * Pages are the text's form feeds, as a text upload is read.
 * Usage: npm run eval:corpus [-- --file <name part>] [-- --list repeats|otherleadin|fragments|alone|missing|nol|nom|noword]
 * (`alone`: the under-four-word requirements shown with no lead-in, as a user reads them alone)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractRequirements } from '../src/index';
import {
  hasSection,
  keptObligations,
  plainObligations,
  repeatsWithinSection,
  sameTextOtherLeadIn,
  textPages,
  underFourWords,
  withoutObligationWord,
} from '../src/corpus-metrics';
import { fragments } from '../src/layout-metrics';
import type { Requirement } from '../src/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dataDir = process.env.RFP_DATA_DIR ? path.resolve(process.env.RFP_DATA_DIR) : path.resolve(repoRoot, '../shared/data/rfp');
const dir = path.join(dataDir, 'corpus');
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const fileFilter = option('file');
const list = option('list');

if (!existsSync(dir)) {
  console.error(`No corpus directory at ${dir} (set RFP_DATA_DIR).`);
  process.exit(1);
}

const manifest = new Map<string, { l: boolean; m: boolean }>();
for (const line of readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1)) {
  const [file, , , l, m] = line.split('\t');
  if (file) manifest.set(file, { l: l === '1', m: m === '1' });
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '—');
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : 0;
};
const show = (file: string, r: Requirement) => console.log(`  ${file} [${r.section} p.${r.page}] ${r.text.slice(0, 160)}`);

const times: number[] = [];
const cpuTimes: number[] = [];
const counts: number[] = [];
const crashes: string[] = [];
let total = 0;
let repeats = 0;
let otherLeadIn = 0;
let short = 0;
let shortItems = 0;
let shortAlone = 0;
let cut = 0;
let noWord = 0;
let plain = 0;
let kept = 0;
const withL: string[] = [];
const withM: string[] = [];
const foundL: string[] = [];
const foundM: string[] = [];

// One warm-up so the first document does not pay for module compilation.
extractRequirements(textPages('1.0 Instructions to Offerors\nThe Offeror shall submit one copy.\n'));

for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()) {
  if (fileFilter && !file.includes(fileFilter)) continue;
  const text = readFileSync(path.join(dir, file), 'utf8');
  let reqs: Requirement[];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  try {
    reqs = extractRequirements(textPages(text));
  } catch (err) {
    crashes.push(`${file}: ${(err as Error).message}`);
    continue;
  }
  times.push(performance.now() - started);
  // CPU time of this process: on a shared machine wall time mostly measures the other processes.
  const cpu = process.cpuUsage(cpuStarted);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  counts.push(reqs.length);
  total += reqs.length;
  const rep = repeatsWithinSection(reqs);
  const sh = underFourWords(reqs);
  const nw = withoutObligationWord(reqs);
  repeats += rep.length;
  const other = sameTextOtherLeadIn(reqs);
  otherLeadIn += other.length;
  short += sh.length;
  // Whole list items under a lead-in are requirements of their own (the labels' convention), however short.
  shortItems += sh.filter((r) => r.basis?.rules.some((id) => /list/.test(id))).length;
  // What a user reads alone: a short list item is shown under its lead-in (the requirement's lead_in).
  const alone = sh.filter((r) => !r.lead_in);
  shortAlone += alone.length;
  cut += fragments(reqs).length;
  noWord += nw.length;
  const sentences = plainObligations(text);
  const k = keptObligations(sentences, reqs);
  plain += sentences.length;
  kept += k;
  const has = manifest.get(file);
  if (has?.l) {
    withL.push(file);
    if (hasSection(reqs, 'L')) foundL.push(file);
  }
  if (has?.m) {
    withM.push(file);
    if (hasSection(reqs, 'M')) foundM.push(file);
  }
  if (list === 'repeats') rep.forEach((r) => show(file, r));
  if (list === 'otherleadin') other.forEach((r) => show(file, { ...r, text: `${r.lead_in ?? '(no lead-in)'} → ${r.text}` }));
  if (list === 'fragments') sh.forEach((r) => show(file, r));
  if (list === 'alone') alone.forEach((r) => show(file, r));
  if (list === 'noword') nw.forEach((r) => show(file, r));
  if (list === 'missing') {
    for (const s of sentences) if (keptObligations([s], reqs) === 0) console.log(`  ${file} MISSING ${s}`);
  }
  if (list === 'nol' && has?.l && !hasSection(reqs, 'L')) console.log(`  ${file}: no L requirement`);
  if (list === 'nom' && has?.m && !hasSection(reqs, 'M')) console.log(`  ${file}: no M requirement`);
}

const docs = times.length;
console.log(`\ncorpus: ${dir}`);
console.log('| Measure | Value | Target |');
console.log('|---|---|---|');
console.log(`| Documents read / crashes | ${docs} / ${crashes.length} | 0 crashes |`);
console.log(
  `| ms per document p50 / p95 / max (wall) | ${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.95).toFixed(1)} / ${Math.max(0, ...times).toFixed(1)} | p95 <= 150 |`,
);
console.log(
  `| ms per document p50 / p95 / max (CPU) | ${quantile(cpuTimes, 0.5).toFixed(1)} / ${quantile(cpuTimes, 0.95).toFixed(1)} / ${Math.max(0, ...cpuTimes).toFixed(1)} | p95 <= 150 |`,
);
console.log(
  `| Requirements per document median / mean / max (total) | ${quantile(counts, 0.5)} / ${(total / Math.max(1, docs)).toFixed(1)} / ${Math.max(0, ...counts)} (${total}) | |`,
);
console.log(`| Repeats within a section | ${repeats} (${pct(repeats, total)}) | <= 2% |`);
console.log(`| ... same text, another lead-in (kept apart) | ${otherLeadIn} (${pct(otherLeadIn, total)}) | |`);
console.log(`| Fragments: under four words | ${short} (${pct(short, total)}) | <= 3% |`);
console.log(`| ... of which whole list items under a lead-in | ${shortItems} (${pct(shortItems, total)}) | |`);
console.log(`| ... under four words, list items left out | ${short - shortItems} (${pct(short - shortItems, total)}) | |`);
console.log(`| Under four words with no lead-in (read alone) | ${shortAlone} (${pct(shortAlone, total)}) | |`);
console.log(`| ... cut pieces (layout-metrics fragments) | ${cut} (${pct(cut, total)}) | |`);
console.log(`| L found where a SECTION L heading is | ${foundL.length} / ${withL.length} (${pct(foundL.length, withL.length)}) | >= 97% |`);
console.log(`| M found where a SECTION M heading is | ${foundM.length} / ${withM.length} (${pct(foundM.length, withM.length)}) | >= 97% |`);
console.log(`| Plain "<party> shall/must" sentences kept | ${kept} / ${plain} (${pct(kept, plain)}) | >= 97% |`);
console.log(`| Requirements with no obligation word | ${noWord} (${pct(noWord, total)}) | |`);
for (const c of crashes) console.log(`CRASH ${c}`);
