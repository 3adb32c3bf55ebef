/**
 * Scores requirement extraction against the hand-labelled solicitations in the shared data
 * directory (RFP_DATA_DIR, default ../shared/data/rfp next to the repository): each file through
 * its text and through its PDF (the same extractPdfText path an upload takes), then pooled.
 * Usage: npm run eval:requirements [-- --verbose] [-- --only text|pdf] [-- --file <name part>]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyRequirement, extractPdfText, extractRequirements } from '../src/index';
import { scoreExtraction, type ExtractionScore, type LabelledRequirement } from '../src/evaluate';
import type { Requirement, SectionCode } from '../src/types';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dataDir = process.env.RFP_DATA_DIR ? path.resolve(process.env.RFP_DATA_DIR) : path.resolve(repoRoot, '../shared/data/rfp');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose') || args.includes('-v');
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('only');
const fileFilter = option('file');

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

const f3 = (x: number) => x.toFixed(3);

if (!existsSync(dataDir)) {
  console.error(`No data directory at ${dataDir} (set RFP_DATA_DIR).`);
  process.exit(1);
}

type Path = 'text' | 'pdf';
const pooled: Record<Path, { predicted: number; labelled: number; matched: number; section: number; obligation: number }> = {
  text: { predicted: 0, labelled: 0, matched: 0, section: 0, obligation: 0 },
  pdf: { predicted: 0, labelled: 0, matched: 0, section: 0, obligation: 0 },
};
const rows: string[] = [];

function record(base: string, which: Path, s: ExtractionScore, ms: number): void {
  const p = pooled[which];
  p.predicted += s.predicted;
  p.labelled += s.labelled;
  p.matched += s.matched;
  p.section += Math.round(s.sectionAccuracy * s.matched);
  p.obligation += Math.round(s.obligationAccuracy * s.matched);
  rows.push(
    `| ${base} | ${which} | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(s.f1)} | ${f3(s.sectionAccuracy)} | ${f3(s.obligationAccuracy)} | ${s.predicted} / ${s.labelled} / ${s.matched} |`,
  );
  console.log(`  ${which.padEnd(4)} predicted ${s.predicted}  labelled ${s.labelled}  matched ${s.matched}  (${ms.toFixed(0)} ms)`);
  console.log(
    `       precision ${f3(s.precision)}  recall ${f3(s.recall)}  F1 ${f3(s.f1)}  section ${f3(s.sectionAccuracy)}  must/should ${f3(s.obligationAccuracy)}`,
  );
  if (!verbose) return;
  for (const r of s.unmatchedPredicted) console.log(`    FP [${r.section} ${r.must_or_should} ${r.requirement_id}] ${r.text}`);
  for (const l of s.unmatchedLabels) console.log(`    FN [${l.section} ${l.must_or_should}] ${l.text.replace(/\s+/g, ' ')}`);
  for (const pair of s.pairs) {
    if (pair.predicted.section !== pair.label.section || pair.predicted.must_or_should !== pair.label.must_or_should) {
      console.log(
        `    MIS pred ${pair.predicted.section}/${pair.predicted.must_or_should} label ${pair.label.section}/${pair.label.must_or_should}: ${pair.label.text.replace(/\s+/g, ' ')}`,
      );
    }
  }
}

const files = readdirSync(dataDir).sort();
let ran = 0;

for (const file of files) {
  if (!file.endsWith('.txt')) continue;
  const base = file.slice(0, -4);
  if (fileFilter && !base.includes(fileFilter)) continue;
  const labelFile = path.join(dataDir, `${base}.jsonl`);
  if (!existsSync(labelFile)) continue;
  const text = readFileSync(path.join(dataDir, file), 'utf8');
  const labels = readJsonl<LabelledRequirement>(labelFile);
  ran += 1;
  console.log(`\n${base}  (${text.length} chars)`);

  if (only !== 'pdf') {
    const started = performance.now();
    const predicted = extractRequirements([{ page: 1, text }]);
    record(base, 'text', scoreExtraction(predicted, labels), performance.now() - started);
  }

  const pdfFile = path.join(dataDir, `${base}.pdf`);
  if (only !== 'text' && existsSync(pdfFile)) {
    const started = performance.now();
    const { pages } = await extractPdfText(new Uint8Array(readFileSync(pdfFile)));
    const predicted: Requirement[] = extractRequirements(pages);
    record(base, 'pdf', scoreExtraction(predicted, labels), performance.now() - started);
  }
}

for (const which of ['text', 'pdf'] as const) {
  const p = pooled[which];
  if (p.labelled === 0) continue;
  const precision = p.predicted ? p.matched / p.predicted : 0;
  const recall = p.matched / p.labelled;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const sec = p.matched ? p.section / p.matched : 0;
  const obl = p.matched ? p.obligation / p.matched : 0;
  console.log(
    `\npooled ${which}: precision ${f3(precision)}  recall ${f3(recall)}  F1 ${f3(f1)}  section ${f3(sec)}  must/should ${f3(obl)}`,
  );
  rows.push(
    `| **pooled** | ${which} | ${f3(precision)} | ${f3(recall)} | ${f3(f1)} | ${f3(sec)} | ${f3(obl)} | ${p.predicted} / ${p.labelled} / ${p.matched} |`,
  );
}

// Classification-only sets: each sentence alone, with no surrounding document.
for (const file of files) {
  if (!file.endsWith('-spans.jsonl') || fileFilter) continue;
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
  console.log(`  detected as requirements ${f3(detected / n)}`);
  console.log(`  section accuracy ${f3(section / n)}  must/should accuracy ${f3(obligation / n)}`);
}

if (ran === 0) {
  console.error(`No labelled files found in ${dataDir}.`);
  process.exit(1);
}

if (args.includes('--table')) {
  console.log('\n| File | Path | Precision | Recall | F1 | Section | Must/should | predicted / labelled / matched |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}
