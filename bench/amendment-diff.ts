import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractPdfText, extractRequirements, type Requirement } from '../packages/analysis/src/index';
import { diffRequirements, jaccard, normalizeRequirementText, wordSet } from '../apps/api/src/modules/rfp/rfp-amendment-diff';
import { percentile } from './measure';

/**
 * npx tsx bench/amendment-diff.ts [--amendments 200] [--runs 5]
 *   Chooses and checks the amendment diff's "changed" threshold on the three real solicitations in
 *   ../shared/data/rfp (their PDFs, through the engine):
 *   (a) for each requirement, its Jaccard similarity to the closest *other* requirement of the same
 *       document: pairs that must never be reported as one requirement reworded;
 *   (b) the similarity of each requirement to an edited copy of itself (one word replaced, a number
 *       changed, a clause added, a fifth of the words cut): pairs that must be;
 *   (c) simulated amendments (10% of requirements edited as in (b), 5% deleted, 5% added from another
 *       solicitation, order shuffled) diffed at several thresholds: how many edits are reported as
 *       changed, and how many reported changes are real;
 *   (d) the time to diff the largest document against an amendment of itself, and a 2,000-requirement one.
 * Seeded PRNG: every run makes the same edits.
 */

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const AMENDMENTS = arg('amendments', 200);
const RUNS = arg('runs', 5);
const DATA = path.resolve(import.meta.dirname, '../../shared/data/rfp');
const FILES = ['gsa-dol-14c-rfq.pdf', 'loc-fedlink-language-rfp.pdf', 'dod-disa-chargecard-rfp.pdf'];
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261123);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;

type Edit = 'word' | 'number' | 'clause' | 'cut';
const EDITS: Edit[] = ['word', 'number', 'clause', 'cut'];

/** An edited copy of a requirement's text, as an amendment would reword it. */
function edit(text: string, kind: Edit, donor: string[]): string {
  const words = text.split(/\s+/);
  const at = Math.floor(random() * words.length);
  switch (kind) {
    case 'word':
      words[at] = pick(donor);
      return words.join(' ');
    case 'number': {
      const n = words.findIndex((w) => /\d/.test(w));
      if (n >= 0) words[n] = words[n]!.replace(/\d+/, (d) => String(Number(d) + 7));
      else words.splice(at, 0, String(10 + Math.floor(random() * 80)));
      return words.join(' ');
    }
    case 'clause':
      return `${text.replace(/[.:]$/, '')}, ${Array.from({ length: 4 + Math.floor(random() * 3) }, () => pick(donor)).join(' ')}.`;
    case 'cut': {
      const cut = Math.max(1, Math.round(words.length / 5));
      words.splice(Math.min(at, words.length - cut), cut);
      return words.join(' ');
    }
  }
}

const share = (xs: number[], pred: (x: number) => boolean) => `${((100 * xs.filter(pred).length) / Math.max(xs.length, 1)).toFixed(1)}%`;

async function main() {
  const docs: { name: string; requirements: Requirement[] }[] = [];
  for (const file of FILES)
    docs.push({ name: file, requirements: extractRequirements((await extractPdfText(readFileSync(path.join(DATA, file)))).pages) });
  const donor = docs.flatMap((d) => d.requirements.flatMap((r) => normalizeRequirementText(r.text).split(' '))).filter((w) => w.length > 3);

  console.log('(a) closest other requirement in the same document (must stay below the threshold)');
  const nearest: number[] = [];
  for (const d of docs) {
    const sets = d.requirements.map((r) => ({ key: normalizeRequirementText(r.text), words: wordSet(normalizeRequirementText(r.text)) }));
    const own: number[] = [];
    sets.forEach((a, i) => {
      let best = 0;
      sets.forEach((b, j) => {
        if (i !== j && a.key !== b.key) best = Math.max(best, jaccard(a.words, b.words));
      });
      own.push(best);
    });
    nearest.push(...own);
    own.sort((a, b) => a - b);
    console.log(
      `  ${d.name}: ${own.length} requirements, p50 ${percentile(own, 50).toFixed(2)}, p90 ${percentile(own, 90).toFixed(2)}, p99 ${percentile(own, 99).toFixed(2)}, max ${Math.max(...own).toFixed(2)}`,
    );
  }
  console.log(`  all: ${THRESHOLDS.map((t) => `≥${t}: ${share(nearest, (x) => x >= t)}`).join('  ')}`);

  console.log('(b) a requirement against an edited copy of itself (should reach the threshold)');
  const all = docs.flatMap((d) => d.requirements);
  for (const kind of EDITS) {
    const sims = all
      .map((r) => jaccard(wordSet(normalizeRequirementText(r.text)), wordSet(normalizeRequirementText(edit(r.text, kind, donor)))))
      .sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(6)}: p10 ${percentile(sims, 10).toFixed(2)}, p50 ${percentile(sims, 50).toFixed(2)}  ${THRESHOLDS.map((t) => `≥${t}: ${share(sims, (x) => x >= t)}`).join('  ')}`,
    );
  }

  for (const style of ['other', 'sibling'] as const) {
    console.log(
      style === 'other'
        ? `(c) ${AMENDMENTS} simulated amendments per threshold, added requirements taken from another solicitation:`
        : `(c') the same, added requirements written in the document's own words (another of its requirements with a clause added):`,
    );
    console.log('    recall = edits reported as changed; precision = reported changes that are real edits');
    for (const threshold of THRESHOLDS) {
      let edits = 0;
      let found = 0;
      let reported = 0;
      let missed = 0;
      const local = rng(7);
      for (let n = 0; n < AMENDMENTS; n++) {
        const d = docs[n % docs.length]!;
        const source = style === 'other' ? docs[(n + 1) % docs.length]! : d;
        type Tagged = Requirement & { origin: number };
        const previous: Tagged[] = d.requirements.map((r, i) => ({ ...r, origin: i }));
        const next: Tagged[] = [];
        const edited = new Set<number>();
        for (const r of previous) {
          const roll = local();
          if (roll < 0.05) continue; // deleted
          if (roll < 0.15) {
            next.push({ ...r, text: edit(r.text, EDITS[Math.floor(local() * EDITS.length)]!, donor), requirement_id: `X-${r.origin}` });
            edited.add(r.origin);
          } else next.push({ ...r, requirement_id: `X-${r.origin}` });
        }
        const extra = Math.round(previous.length * 0.05);
        for (let k = 0; k < extra; k++) {
          const base = source.requirements[Math.floor(local() * source.requirements.length)]!;
          next.push({ ...base, text: style === 'other' ? base.text : edit(base.text, 'clause', donor), origin: -1 });
        }
        next.sort(() => local() - 0.5);
        const diff = diffRequirements(previous, next, threshold);
        edits += edited.size;
        for (const c of diff.changed) {
          reported++;
          if (c.previous.origin === c.next.origin && edited.has(c.previous.origin)) found++;
        }
        missed += diff.removed.filter((r) => edited.has(r.origin)).length;
      }
      console.log(
        `  threshold ${threshold}: recall ${((100 * found) / edits).toFixed(1)}%, precision ${((100 * found) / Math.max(reported, 1)).toFixed(1)}%, edits reported as removed + added ${missed} of ${edits}`,
      );
    }
  }

  console.log(`(d) time to diff (median of ${RUNS})`);
  const largest = docs.reduce((a, b) => (a.requirements.length >= b.requirements.length ? a : b));
  const big = Array.from({ length: 2000 }, (_, i) => ({
    ...all[i % all.length]!,
    text: `${all[i % all.length]!.text} ${pick(donor)} ${i}`,
  }));
  for (const [label, previous] of [
    [`${largest.name} (${largest.requirements.length})`, largest.requirements],
    ['2,000 requirements', big],
  ] as const) {
    const next = previous.map((r, i) => (i % 10 === 0 ? { ...r, text: edit(r.text, 'word', donor) } : r)).reverse();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t0 = performance.now();
      diffRequirements(previous, next);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`  ${label}: ${percentile(times, 50).toFixed(1)} ms`);
  }
}

await main();
