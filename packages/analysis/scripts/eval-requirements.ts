/**
 * Scores requirement extraction against the hand-labelled solicitations in the shared data
 * directory (RFP_DATA_DIR, default ../shared/data/rfp next to the repository).
 * Usage: npm run eval:requirements [-- --verbose]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyRequirement, extractRequirements } from '../src/index';
import { scoreExtraction, type LabelledRequirement } from '../src/evaluate';
import type { SectionCode } from '../src/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dataDir = process.env.RFP_DATA_DIR ? path.resolve(process.env.RFP_DATA_DIR) : path.resolve(repoRoot, '../shared/data/rfp');
const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

const pct = (x: number) => x.toFixed(3);

if (!existsSync(dataDir)) {
  console.error(`No data directory at ${dataDir} (set RFP_DATA_DIR).`);
  process.exit(1);
}

const files = readdirSync(dataDir).sort();
let ran = 0;

for (const file of files) {
  if (!file.endsWith('.txt')) continue;
  const base = file.slice(0, -4);
  const labelFile = path.join(dataDir, `${base}.jsonl`);
  if (!existsSync(labelFile)) continue;
  const text = readFileSync(path.join(dataDir, file), 'utf8');
  const labels = readJsonl<LabelledRequirement>(labelFile);
  const started = performance.now();
  const predicted = extractRequirements([{ page: 1, text }]);
  const ms = performance.now() - started;
  const s = scoreExtraction(predicted, labels);
  ran += 1;
  console.log(`\n${base}  (${text.length} chars, ${ms.toFixed(0)} ms)`);
  console.log(`  predicted ${s.predicted}  labelled ${s.labelled}  matched ${s.matched}`);
  console.log(`  precision ${pct(s.precision)}  recall ${pct(s.recall)}  F1 ${pct(s.f1)}`);
  console.log(`  section accuracy ${pct(s.sectionAccuracy)}  must/should accuracy ${pct(s.obligationAccuracy)}  (matched pairs)`);
  if (verbose) {
    for (const p of s.unmatchedPredicted) console.log(`  FP [${p.section} ${p.must_or_should}] ${p.text}`);
    for (const l of s.unmatchedLabels) console.log(`  FN [${l.section} ${l.must_or_should}] ${l.text}`);
    for (const p of s.pairs) {
      if (p.predicted.section !== p.label.section || p.predicted.must_or_should !== p.label.must_or_should) {
        console.log(
          `  MIS pred ${p.predicted.section}/${p.predicted.must_or_should} label ${p.label.section}/${p.label.must_or_should}: ${p.label.text}`,
        );
      }
    }
  }
}

// Classification-only sets: each sentence alone, with no surrounding document.
for (const file of files) {
  if (!file.endsWith('-spans.jsonl')) continue;
  const spans = readJsonl<LabelledRequirement>(path.join(dataDir, file));
  let section = 0;
  let obligation = 0;
  let detected = 0;
  for (const span of spans) {
    const c = classifyRequirement(span.text);
    if (c.isRequirement) detected += 1;
    if (c.section === span.section) section += 1;
    if (c.must_or_should === span.must_or_should) obligation += 1;
    if (verbose && c.section !== span.section) {
      console.log(`  SEC pred ${c.section} label ${span.section as SectionCode}: ${span.text.replace(/\s+/g, ' ')}`);
    }
  }
  ran += 1;
  const n = spans.length;
  console.log(`\n${file.replace(/\.jsonl$/, '')}  (${n} sentences, classified alone)`);
  console.log(`  detected as requirements ${pct(detected / n)}`);
  console.log(`  section accuracy ${pct(section / n)}  must/should accuracy ${pct(obligation / n)}`);
}

if (ran === 0) {
  console.error(`No labelled files found in ${dataDir}.`);
  process.exit(1);
}
