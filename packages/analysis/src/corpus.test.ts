import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasSection, keptObligations, plainObligations, repeatsWithinSection, textPages } from './corpus-metrics';
import { fragments } from './layout-metrics';
import { extractRequirements } from './requirements';
import type { Requirement } from './types';

// The unlabelled robustness corpus beside the repository (../shared/data/rfp/corpus). The whole
// corpus is `npm run eval:corpus` (bench/README.md); here every sixth document, sorted by name,
// so the file stays well under a minute on a busy machine.
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(here, '../../../../shared/data/rfp');
const dir = path.join(dataDir, 'corpus');
const SAMPLE_EVERY = 6;

const manifest = new Map(
  readFileSync(path.join(dir, 'MANIFEST.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([file, , , l, m]) => [file, { l: l === '1', m: m === '1' }] as const),
);
const sample = readdirSync(dir)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .filter((_, i) => i % SAMPLE_EVERY === 0);

describe('robustness corpus (a sample of real solicitations nobody tuned to)', () => {
  const results = new Map<string, { text: string; reqs: Requirement[] }>();

  // One test per document: each has the whole test timeout, so a stall names its document.
  it.each(sample)('reads %s without a crash', (file) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const reqs = extractRequirements(textPages(text));
    results.set(file, { text, reqs });
    expect(reqs.every((r) => r.text.trim().length > 0 && r.basis !== undefined)).toBe(true);
  });

  it('read the whole sample', () => {
    expect(sample.length).toBeGreaterThanOrEqual(30);
    expect(results.size).toBe(sample.length);
  });

  it('repeats no requirement within a section and leaves under 1% cut fragments', () => {
    const all = [...results.values()].flatMap((r) => r.reqs);
    expect(all.length).toBeGreaterThan(1000);
    expect([...results.values()].flatMap((r) => repeatsWithinSection(r.reqs))).toEqual([]);
    expect(fragments(all).length / all.length).toBeLessThan(0.01);
  });

  it('files requirements under L and M wherever the document has SECTION L / M headings', () => {
    const missing: string[] = [];
    for (const [file, { reqs }] of results) {
      const has = manifest.get(file);
      if (has?.l && !hasSection(reqs, 'L')) missing.push(`${file}: L`);
      if (has?.m && !hasSection(reqs, 'M')) missing.push(`${file}: M`);
    }
    expect([...results.keys()].filter((f) => manifest.get(f)?.l).length).toBeGreaterThanOrEqual(4);
    expect(missing).toEqual([]);
  });

  it('keeps at least 97% of the plain "<party> shall/must" sentences', () => {
    let plain = 0;
    let kept = 0;
    for (const { text, reqs } of results.values()) {
      const sentences = plainObligations(text);
      plain += sentences.length;
      kept += keptObligations(sentences, reqs);
    }
    expect(plain).toBeGreaterThan(500);
    expect(kept / plain).toBeGreaterThanOrEqual(0.97);
  });
});
