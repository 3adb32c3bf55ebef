/**
 * The annotated proposal outline behind the Response Template and its Word export: Section L's
 * volumes and headings in order, each heading with the requirements it must answer, the Section M
 * factors it earns, its page budget from the stated limits, and room for an owner and a due date.
 * Structured data, so the markdown and the .docx are the same outline.
 */
import type { Requirement } from '../types';
import { proposalStructure, volumeLabel, type Volume } from './structure';

export interface OutlineSection {
  number: string;
  title: string;
  /** Section L (and other) instructions this heading answers. */
  answers: Requirement[];
  /** Statement-of-work requirements described here. */
  work: Requirement[];
  /** Section M factors and criteria scored here. */
  factors: Requirement[];
  /** "≈ 6 pages (share of L-2's 25)", "3 pages (L-7)", or null when no limit is stated. */
  pageBudget: string | null;
}

export interface OutlineVolume {
  title: string;
  /** The volume's own page limit, with the requirement that states it. */
  pageLimit: { pages: number; requirement_id: string } | null;
  rules: Requirement[];
  sections: OutlineSection[];
}

export interface ResponseOutline {
  volumes: OutlineVolume[];
  /** Rules for the whole response (no volume named). */
  generalRules: Requirement[];
  /** Section L gave no volumes: the standard three are used. */
  fallback: boolean;
}

const WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
};
const N = `(\\d{1,3}|${Object.keys(WORDS).join('|')})`;
const PAGE_LIMIT = new RegExp(
  `(?:not (?:to )?exceed|no (?:more|longer) than|limited to|a maximum of|maximum of|up to|at most)\\s+${N}\\s*(?:\\(\\d+\\)\\s*)?(?:single[- ]sided\\s+|double[- ]sided\\s+)?pages?|${N}[- ]page (?:limit|maximum)`,
  'i',
);

/** The page count a requirement limits something to, if it states one. */
export function pageLimitOf(text: string): number | null {
  const m = PAGE_LIMIT.exec(text);
  if (!m) return null;
  const raw = (m[1] ?? m[2]).toLowerCase();
  return WORDS[raw] ?? Number(raw);
}

function sectionBudget(v: Volume, limit: OutlineVolume['pageLimit'], h: Volume['headings'][number]): string | null {
  // A limit stated for the heading itself wins ("The staffing plan shall not exceed 3 pages").
  for (const r of h.requirements) {
    const own = pageLimitOf(r.text);
    if (own !== null && r.section !== 'M') return `${own} ${own === 1 ? 'page' : 'pages'} (${r.requirement_id})`;
  }
  if (!limit) return null;
  // Otherwise the volume's limit shared by what each heading must answer (weights, at least one each).
  const weight = (x: typeof h) =>
    Math.max(
      1,
      x.requirements.reduce((sum, r) => sum + Math.max(0.5, r.weight), 0),
    );
  const total = v.headings.reduce((sum, x) => sum + weight(x), 0);
  const share = Math.max(0.5, Math.round(((limit.pages * weight(h)) / total) * 2) / 2);
  return `≈ ${share} ${share === 1 ? 'page' : 'pages'} (share of ${limit.requirement_id}'s ${limit.pages})`;
}

export function responseOutline(reqs: Requirement[]): ResponseOutline {
  const s = proposalStructure(reqs);
  const volumes = s.volumes.map((v): OutlineVolume => {
    let pageLimit: OutlineVolume['pageLimit'] = null;
    for (const r of v.rules) {
      const pages = pageLimitOf(r.text);
      if (pages !== null) {
        pageLimit = { pages, requirement_id: r.requirement_id };
        break;
      }
    }
    return {
      title: volumeLabel(v),
      pageLimit,
      rules: v.rules,
      sections: v.headings.map((h) => ({
        number: h.number,
        title: h.title,
        answers: h.requirements.filter((r) => r.section === 'L' || r.section === 'other'),
        work: h.requirements.filter((r) => r.section === 'C'),
        factors: h.requirements.filter((r) => r.section === 'M'),
        pageBudget: sectionBudget(v, pageLimit, h),
      })),
    };
  });
  return { volumes, generalRules: s.generalRules, fallback: s.fallback };
}
