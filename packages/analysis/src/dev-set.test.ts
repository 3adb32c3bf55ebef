import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreExtraction, type LabelledRequirement } from './evaluate';
import { classifyRequirement, extractRequirements } from './requirements';

// The labelled data lives beside the repository in ../shared (CI has it there too).
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(here, '../../../../shared/data/rfp');
const txt = path.join(dataDir, 'gsa-dol-14c-rfq.txt');
const spans = path.join(dataDir, 'navfac-n4008526r0033-spans.jsonl');

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabelledRequirement);

describe('labelled development set', () => {
  it('extracts the GSA 14(c) RFQ requirements (F1 0.986 when written; margin for drift)', () => {
    const labels = readJsonl(txt.replace(/\.txt$/, '.jsonl'));
    const s = scoreExtraction(extractRequirements([{ page: 1, text: readFileSync(txt, 'utf8') }]), labels);
    expect(s.f1).toBeGreaterThanOrEqual(0.96);
    expect(s.precision).toBeGreaterThanOrEqual(0.93);
    expect(s.recall).toBeGreaterThanOrEqual(0.95);
    expect(s.sectionAccuracy).toBeGreaterThanOrEqual(0.95);
    expect(s.obligationAccuracy).toBeGreaterThanOrEqual(0.97);
  });

  it('classifies the NAVFAC sentences alone', () => {
    const labels = readJsonl(spans);
    const results = labels.map((l) => ({ l, c: classifyRequirement(l.text) }));
    const rate = (f: (x: (typeof results)[number]) => boolean) => results.filter(f).length / results.length;
    expect(rate((x) => x.c.isRequirement)).toBe(1);
    expect(rate((x) => x.c.must_or_should === x.l.must_or_should)).toBeGreaterThanOrEqual(0.95);
    expect(rate((x) => x.c.section === x.l.section)).toBeGreaterThanOrEqual(0.85);
  });
});
