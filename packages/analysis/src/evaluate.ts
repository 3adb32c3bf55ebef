import type { Obligation, Requirement, SectionCode } from './types';

/** A hand-labelled requirement (the dev-set JSONL format). */
export interface LabelledRequirement {
  text: string;
  section: SectionCode;
  must_or_should: Obligation;
}

export interface ExtractionScore {
  predicted: number;
  labelled: number;
  matched: number;
  precision: number;
  recall: number;
  f1: number;
  /** Over matched pairs. */
  sectionAccuracy: number;
  obligationAccuracy: number;
  pairs: Array<{ predicted: Requirement; label: LabelledRequirement; score: number }>;
  unmatchedPredicted: Requirement[];
  unmatchedLabels: LabelledRequirement[];
}

/**
 * Lowercase, straighten quotes, drop punctuation: the tokens two texts are compared on. A hyphen
 * between letters is dropped with any line break after it ("front-end", "front-\nend" and a PDF's
 * "require- ments" all read as one word), so a label taken from the text matches the same sentence
 * read through a PDF, where lines break elsewhere.
 */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/([a-z])[-‐‑]\s*(?=[a-z])/g, '$1')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Token-overlap F1 between two texts (bag of words). */
export function overlapF1(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const t of a) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      common += 1;
      counts.set(t, n - 1);
    }
  }
  if (common === 0) return 0;
  const p = common / b.length;
  const r = common / a.length;
  return (2 * p * r) / (p + r);
}

/**
 * Match predictions to labels one-to-one, best overlaps first, keeping pairs at or above
 * `threshold`, and score the result.
 */
export function scoreExtraction(predicted: Requirement[], labels: LabelledRequirement[], threshold = 0.6): ExtractionScore {
  const predTokens = predicted.map((p) => tokens(p.text));
  const labelTokens = labels.map((l) => tokens(l.text));
  // Only pairs sharing a token can score; an inverted index keeps this near-linear.
  const index = new Map<string, number[]>();
  labelTokens.forEach((toks, li) => {
    for (const t of new Set(toks)) {
      const list = index.get(t) ?? [];
      list.push(li);
      index.set(t, list);
    }
  });
  const candidates: Array<{ pi: number; li: number; score: number }> = [];
  predTokens.forEach((toks, pi) => {
    const seen = new Set<number>();
    for (const t of new Set(toks)) for (const li of index.get(t) ?? []) seen.add(li);
    for (const li of seen) {
      const score = overlapF1(labelTokens[li], toks);
      if (score >= threshold) candidates.push({ pi, li, score });
    }
  });
  candidates.sort((a, b) => b.score - a.score || a.pi - b.pi || a.li - b.li);
  const usedP = new Set<number>();
  const usedL = new Set<number>();
  const pairs: ExtractionScore['pairs'] = [];
  for (const c of candidates) {
    if (usedP.has(c.pi) || usedL.has(c.li)) continue;
    usedP.add(c.pi);
    usedL.add(c.li);
    pairs.push({ predicted: predicted[c.pi], label: labels[c.li], score: c.score });
  }
  const matched = pairs.length;
  const precision = predicted.length ? matched / predicted.length : 0;
  const recall = labels.length ? matched / labels.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const ratio = (n: number) => (matched ? n / matched : 0);
  return {
    predicted: predicted.length,
    labelled: labels.length,
    matched,
    precision,
    recall,
    f1,
    sectionAccuracy: ratio(pairs.filter((p) => p.predicted.section === p.label.section).length),
    obligationAccuracy: ratio(pairs.filter((p) => p.predicted.must_or_should === p.label.must_or_should).length),
    pairs,
    unmatchedPredicted: predicted.filter((_, i) => !usedP.has(i)),
    unmatchedLabels: labels.filter((_, i) => !usedL.has(i)),
  };
}
