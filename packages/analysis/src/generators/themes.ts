/** Frequent terms across requirements: what the solicitation keeps coming back to. */
import type { Requirement } from '../types';

// Function words and the vocabulary every solicitation shares; neither says what this one is about.
const STOP = new Set(
  (
    'a about above after again all also an and any are as at be been before being below between both but by can could did do does ' +
    'each for from had has have having here how if in into is it its itself may might more most must no nor not of on once only or ' +
    'other our out over own same shall should so some such than that the their them then there these they this those through to ' +
    'under until up upon very was we were what when where which while who whom why will with within without would you your ' +
    "offeror offerors offeror’s offeror's contractor contractors contractor’s contractor's vendor vendors vendor’s quoter quoters government " +
    'provide provided provides providing include includes including included required require requires requirement requirements ' +
    'submit submitted submission proposal proposals quote quotes quotation section sections following described describe ' +
    'ensure ensures use used using based least one two three per well part need needs able etc including order make made'
  ).split(/\s+/),
);

function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9’'-]*[a-z0-9]/g) ?? []).map((w) => w.replace(/[’']s$/, ''));
}

export interface Theme {
  term: string;
  /** Number of requirements using the term. */
  count: number;
  reqs: Requirement[];
}

/** Two-word phrases used in at least two requirements, then single words; most frequent first. */
export function topThemes(reqs: Requirement[], phrases = 6, singles = 10): { phrases: Theme[]; words: Theme[] } {
  const uni = new Map<string, Requirement[]>();
  const bi = new Map<string, Requirement[]>();
  const add = (map: Map<string, Requirement[]>, key: string, r: Requirement) => {
    const list = map.get(key) ?? [];
    if (list.at(-1) !== r) list.push(r);
    map.set(key, list);
  };
  for (const r of reqs) {
    const ws = words(r.text);
    ws.forEach((w, i) => {
      if (w.length < 4 || STOP.has(w) || /^\d/.test(w)) return;
      add(uni, w, r);
      const next = ws[i + 1];
      if (next && next.length >= 3 && !STOP.has(next) && !/^\d/.test(next)) add(bi, `${w} ${next}`, r);
    });
  }
  const rank = (map: Map<string, Requirement[]>, min: number, n: number): Theme[] =>
    [...map]
      .filter(([, list]) => list.length >= min)
      .map(([term, list]) => ({ term, count: list.length, reqs: list }))
      .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term))
      .slice(0, n);
  const topPhrases = rank(bi, 2, phrases);
  const covered = new Set(topPhrases.flatMap((p) => p.term.split(' ')));
  return {
    phrases: topPhrases,
    words: rank(uni, 2, singles + covered.size)
      .filter((t) => !covered.has(t.term))
      .slice(0, singles),
  };
}
