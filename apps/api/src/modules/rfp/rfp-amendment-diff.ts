/**
 * The requirements diff between two versions of a solicitation (an amendment): which requirements
 * stayed, which were reworded, which are new and which are gone. Pure and deterministic.
 *
 * Requirements are matched by what they say, never by id or position: ids are whatever the engine
 * numbers them (running counters today, perhaps paragraph numbers tomorrow) and an amendment that
 * inserts one paragraph renumbers everything after it. So:
 * 1. Identical text after normalising case, whitespace and punctuation (and a leading paragraph
 *    number such as "L.3" or "(b)") is unchanged, wherever it moved and whatever its id.
 * 2. Of the rest, pairs whose word sets overlap enough (Jaccard ≥ `CHANGED_THRESHOLD`) are the same
 *    requirement reworded. Pairs are taken best first, each requirement used at most once, so an old
 *    requirement is never reported as two new ones.
 * 3. What is left is added (new version only) or removed (old version only).
 */

/** What the diff reads of a requirement; everything else (id, section, page) is carried through. */
export interface DiffableRequirement {
  text: string;
  section?: string;
}

export interface RequirementPair<R> {
  previous: R;
  next: R;
}

export interface ChangedRequirement<R> extends RequirementPair<R> {
  /** Jaccard similarity of the two word sets, 0-1, rounded to 3 places. */
  similarity: number;
}

export interface RequirementDiff<R> {
  /** Same text; in the new version's order. */
  unchanged: RequirementPair<R>[];
  /** Reworded; in the new version's order. */
  changed: ChangedRequirement<R>[];
  /** Only in the new version; in its order. */
  added: R[];
  /** Only in the previous version; in its order. */
  removed: R[];
}

/**
 * Two requirements with at least this share of their distinct words in common (intersection over
 * union) are one requirement reworded. Measured on the three real solicitations in ../shared/data/rfp
 * (`npx tsx bench/amendment-diff.ts`, bench/README.md): a one-word, one-number, added-clause or
 * cut-a-fifth edit keeps ≥ 0.5 for 97-100% of requirements (≥ 0.7 only 79-98%), and in simulated
 * amendments 0.5 reports 98% of the edits as changed with 96-100% of the reported changes real;
 * 0.7 finds 93%, while 0.3 adds under 1% recall although a quarter of all requirements have an
 * unrelated neighbour that similar (list items and boilerplate such as "All software code
 * delivered under this order shall comply with ...").
 */
export const CHANGED_THRESHOLD = 0.5;

// A leading paragraph number or list marker: "L.3", "C-4", "5.2.1", "1.", "2)", "(b)", "iv)" — an
// amendment renumbers paragraphs without changing what they require. A bare number ("3 copies
// must be submitted") is part of the requirement and stays.
const LEADING_NUMBER = /^\s*(?:[a-z]{1,2}[.-]\d+(?:\.\d+)*\.?|\d+(?:\.\d+)+\.?|\d+[.)]|\(?[a-z0-9]{1,4}\))(?:\s*\([a-z0-9]{1,4}\))?\s+/i;

/**
 * The comparison form of a requirement's text: Unicode-normalised, lower case, a leading paragraph
 * number dropped, every run of punctuation or whitespace one space. "front- end" (a line-break
 * hyphen) and "front-end" compare equal, as do curly and straight quotes.
 */
export function normalizeRequirementText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(LEADING_NUMBER, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a normalised text. */
export function wordSet(normalized: string): Set<string> {
  return new Set(normalized ? normalized.split(' ') : []);
}

/** Jaccard similarity of two word sets: shared words over all words, 0-1 (two empty sets: 0). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const word of small) if (large.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Candidate {
  previous: number;
  next: number;
  similarity: number;
  sameSection: boolean;
  /** How far apart the two sit, as shares of their documents (a tie-break: near beats far). */
  drift: number;
}

/**
 * Diffs the requirements of the previous version against the next one (see the file comment).
 * `threshold` is the Jaccard similarity from which a pair counts as changed.
 */
export function diffRequirements<R extends DiffableRequirement>(
  previous: readonly R[],
  next: readonly R[],
  threshold = CHANGED_THRESHOLD,
): RequirementDiff<R> {
  const prevKeys = previous.map((r) => normalizeRequirementText(r.text));
  const nextKeys = next.map((r) => normalizeRequirementText(r.text));
  const matchOfNext = new Array<number>(next.length).fill(-1);
  const prevTaken = new Array<boolean>(previous.length).fill(false);
  const similarityOfNext = new Array<number>(next.length).fill(1);

  // 1. Identical text. Repeated texts pair up in document order.
  const byKey = new Map<string, number[]>();
  prevKeys.forEach((key, i) => {
    if (!key) return;
    const queue = byKey.get(key);
    if (queue) queue.push(i);
    else byKey.set(key, [i]);
  });
  nextKeys.forEach((key, j) => {
    const i = byKey.get(key)?.shift();
    if (i === undefined) return;
    matchOfNext[j] = i;
    prevTaken[i] = true;
  });

  // 2. Close matches among the rest, best first. An inverted index counts shared words per pair
  // without building every pair's intersection.
  const prevLeft = previous.map((_, i) => i).filter((i) => !prevTaken[i]);
  const nextLeft = next.map((_, j) => j).filter((j) => matchOfNext[j] === -1);
  if (prevLeft.length && nextLeft.length) {
    const prevWords = new Map(prevLeft.map((i) => [i, wordSet(prevKeys[i]!)]));
    const postings = new Map<string, number[]>();
    for (const [i, words] of prevWords) {
      for (const word of words) {
        const list = postings.get(word);
        if (list) list.push(i);
        else postings.set(word, [i]);
      }
    }
    const candidates: Candidate[] = [];
    for (const j of nextLeft) {
      const words = wordSet(nextKeys[j]!);
      const shared = new Map<number, number>();
      for (const word of words) for (const i of postings.get(word) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
      for (const [i, count] of shared) {
        const similarity = count / (prevWords.get(i)!.size + words.size - count);
        if (similarity < threshold) continue;
        candidates.push({
          previous: i,
          next: j,
          similarity,
          sameSection: previous[i]!.section === next[j]!.section,
          drift: Math.abs(i / Math.max(previous.length, 1) - j / Math.max(next.length, 1)),
        });
      }
    }
    candidates.sort(
      (a, b) =>
        b.similarity - a.similarity ||
        Number(b.sameSection) - Number(a.sameSection) ||
        a.drift - b.drift ||
        a.next - b.next ||
        a.previous - b.previous,
    );
    for (const c of candidates) {
      if (prevTaken[c.previous] || matchOfNext[c.next] !== -1) continue;
      prevTaken[c.previous] = true;
      matchOfNext[c.next] = c.previous;
      similarityOfNext[c.next] = c.similarity;
    }
  }

  const diff: RequirementDiff<R> = { unchanged: [], changed: [], added: [], removed: [] };
  next.forEach((r, j) => {
    const i = matchOfNext[j]!;
    if (i === -1) diff.added.push(r);
    else if (prevKeys[i] === nextKeys[j]) diff.unchanged.push({ previous: previous[i]!, next: r });
    else diff.changed.push({ previous: previous[i]!, next: r, similarity: Math.round(similarityOfNext[j]! * 1000) / 1000 });
  });
  previous.forEach((r, i) => {
    if (!prevTaken[i]) diff.removed.push(r);
  });
  return diff;
}
