/**
 * The proposal's shape as Section L describes it: volumes in order, headings within each volume,
 * and where every requirement is answered. Shared by the compliance matrix, the response template
 * and the proposal draft so all three agree on "Volume I, 1.2 Key Personnel".
 */
import type { Requirement } from '../types';
import { FACTOR_NAME, FORMAT_RULE, PAGE_LIMIT } from './cues';

export type VolumeKind = 'technical' | 'management' | 'past_performance' | 'price' | 'oral' | 'admin';

const KIND_TITLE: Record<VolumeKind, string> = {
  technical: 'Technical',
  management: 'Management',
  past_performance: 'Past Performance',
  price: 'Price',
  oral: 'Oral Presentation',
  admin: 'Administrative',
};

interface Topic {
  key: string;
  title: string;
  kind: VolumeKind;
  re: RegExp;
}

// Checked in order: the first topic that matches decides. Price and past performance come first
// because their words are the most specific; the broad "approach" cue comes late.
const TOPICS: Topic[] = [
  {
    key: 'price',
    title: 'Price',
    kind: 'price',
    re: /\b(price|pricing|priced|cost|labor rates?|rates|CLINs?|fee|fully[- ]burdened|worksheet|discounts?)\b/i,
  },
  {
    key: 'past_performance',
    title: 'Past Performance',
    kind: 'past_performance',
    re: /\b(past performance|references?|CPARS|PPQs?|performance questionnaires?|prior contracts?|recency|relevancy)\b/i,
  },
  { key: 'oral', title: 'Oral Presentation', kind: 'oral', re: /\b(oral|verbal) presentations?\b|\bpresentations?\b/i },
  {
    key: 'key_personnel',
    title: 'Key Personnel and Staffing',
    kind: 'technical',
    re: /\b(key personnel|resumes?|staffing|composition of the team|team composition|proposed (team|personnel|staff)|labor mix)\b/i,
  },
  {
    key: 'experience',
    title: 'Corporate Experience',
    kind: 'technical',
    re: /\b(corporate experience|vendor experience|relevant experience|similar (projects|contracts|work)|example projects|projects involving|experience\/skill)\b/i,
  },
  {
    key: 'management',
    title: 'Management Approach',
    kind: 'management',
    re: /\b(management (plan|approach)|project management|program management|transition|phase[- ]in|quality control|quality assurance|QCP|risk management|schedule of (work|performance)|subcontract\w* (plan|management))\b/i,
  },
  {
    key: 'security',
    title: 'Security and Compliance',
    kind: 'technical',
    re: /\b(security|clearance|cmmc|nist|fedramp|section 508|accessib\w+|privacy|cyber\w*)\b/i,
  },
  {
    key: 'technical',
    title: 'Technical Approach',
    kind: 'technical',
    re: /\b(technical|approach|methodolog\w+|solution|understanding|work plan|design|develop\w*|implement\w*|software|system)\b/i,
  },
  {
    key: 'conflicts',
    title: 'Representations, Certifications and Conflicts of Interest',
    kind: 'admin',
    re: /\b(certif\w+|representations?|conflicts? of interest|COI|registered|registration|SAM\b|size status|small business status)\b/i,
  },
  {
    key: 'questions',
    title: 'Questions and Communications',
    kind: 'admin',
    re: /\b(questions?|inquir\w+|communications?|contract specialist|point of contact)\b/i,
  },
  {
    key: 'submission',
    title: 'Submission and Delivery',
    kind: 'admin',
    re: /\b(submit\w*|submission|received|due date|deliver(ed|y)|e-?mail|portal|PIEE|eBuy|Google Form|valid for|late)\b/i,
  },
];

const GENERAL: Topic = { key: 'general', title: 'General Instructions', kind: 'admin', re: /$^/ };

export function topicOf(text: string): Topic {
  return TOPICS.find((t) => t.re.test(text)) ?? GENERAL;
}

// "Volume I, Technical", "Volume 2 - Price Proposal", "Volume III (Past Performance)".
const NUMBERED_VOLUME = /\bvol(?:ume|\.)\s+([IVX]{1,4}|\d{1,2})\b([^.;]{0,50})/gi;
// "technical volume", "price proposal", "past performance information", "technical quote".
const NAMED_VOLUME =
  /\b(technical|management|past performance|price|pricing|cost|business|oral|verbal)\s+(volumes?|proposals?|quot(?:e|es|ation|ations)|submissions?|presentations?|information)\b/gi;

// Just the words that name a volume, for removing them before picking a topic.
const VOLUME_PHRASE =
  /\bvol(?:ume|\.)\s+(?:[IVX]{1,4}|\d{1,2})\b(?:\s*[-–—:,(]?\s*(?:technical|management|past performance|price|pricing|cost|business|oral)\w*(?:\s+(?:proposal|volume|quote|quotation))?\)?)?/gi;

const ROMAN_VALUE: Record<string, number> = { I: 1, V: 5, X: 10 };

function romanToInt(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i += 1) {
    const v = ROMAN_VALUE[s[i]];
    const next = ROMAN_VALUE[s[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

export function toRoman(n: number): string {
  const table: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let out = '';
  let rest = n;
  for (const [v, s] of table) {
    while (rest >= v) {
      out += s;
      rest -= v;
    }
  }
  return out;
}

function kindOfName(name: string): VolumeKind | null {
  const n = name.toLowerCase();
  if (/past performance|experience|references/.test(n)) return 'past_performance';
  if (/price|pricing|cost|business/.test(n)) return 'price';
  if (/oral|verbal|presentation/.test(n)) return 'oral';
  if (/management/.test(n)) return 'management';
  if (/technical|approach/.test(n)) return 'technical';
  if (/admin|contract documentation|representations|certifications|solicitation|forms/.test(n)) return 'admin';
  return null;
}

export interface Heading {
  key: string;
  title: string;
  /** "1.2" — volume position and heading position, 1-based. */
  number: string;
  requirements: Requirement[];
}

export interface Volume {
  kind: VolumeKind;
  /** Roman numeral when the solicitation numbers its volumes; null otherwise. */
  numeral: string | null;
  title: string;
  headings: Heading[];
  /** Page limits, formatting rules and other L requirements about the volume as a whole. */
  rules: Requirement[];
  /** Requirements that mention this volume by name or number. */
  mentions: Requirement[];
}

export interface ProposalStructure {
  volumes: Volume[];
  /** True when Section L gave no volume structure and the standard three volumes were assumed. */
  fallback: boolean;
  /** Format rules and limits that name no volume: they apply to the whole response. */
  generalRules: Requirement[];
  placement: Map<Requirement, Placement>;
}

/** Where a requirement is answered; volume null means a rule for the whole response. */
export interface Placement {
  volume: Volume | null;
  heading: Heading | null;
}

interface VolumeDraft {
  kind: VolumeKind;
  num: number | null;
  title: string;
  order: number;
}

/** The volumes a requirement names, as indexes into `drafts`. */
function volumesNamed(text: string, drafts: VolumeDraft[]): VolumeDraft[] {
  const out: VolumeDraft[] = [];
  for (const m of text.matchAll(NUMBERED_VOLUME)) {
    const num = /^\d+$/.test(m[1]) ? Number(m[1]) : romanToInt(m[1].toUpperCase());
    const v = drafts.find((d) => d.num === num);
    if (v && !out.includes(v)) out.push(v);
  }
  for (const m of text.matchAll(NAMED_VOLUME)) {
    const kind = kindOfName(m[1]);
    const v = drafts.find((d) => d.kind === kind);
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

function detectVolumes(lReqs: Requirement[]): VolumeDraft[] {
  const drafts: VolumeDraft[] = [];
  let order = 0;
  for (const r of lReqs) {
    for (const m of r.text.matchAll(NUMBERED_VOLUME)) {
      const num = /^\d+$/.test(m[1]) ? Number(m[1]) : romanToInt(m[1].toUpperCase());
      if (num < 1 || num > 12) continue;
      const name = m[2]
        .replace(/^[\s,:–—()"“-]+/, '')
        .split(/[,()"”]|\s[-–—]\s|\b(is|are|shall|must|will|should|may|consists?|contains?|includes?|limited|and|of|to)\b/i)[0]
        .trim();
      const kind = kindOfName(name) ?? kindOfName(r.text.slice(m.index ?? 0, (m.index ?? 0) + 80));
      const existing = drafts.find((d) => d.num === num);
      if (existing) {
        // A later mention may name a volume the first mention only numbered.
        if (existing.title === `Volume ${toRoman(num)}` && kind) {
          existing.kind = kind;
          existing.title = KIND_TITLE[kind];
        }
        continue;
      }
      drafts.push({ kind: kind ?? 'technical', num, title: kind ? KIND_TITLE[kind] : `Volume ${toRoman(num)}`, order: order++ });
    }
  }
  for (const r of lReqs) {
    for (const m of r.text.matchAll(NAMED_VOLUME)) {
      const kind = kindOfName(m[1]);
      if (!kind || drafts.some((d) => d.kind === kind)) continue;
      drafts.push({ kind, num: null, title: KIND_TITLE[kind], order: order++ });
    }
  }
  // Numbered volumes in their numeric order, then named ones in order of first mention.
  return drafts.sort((a, b) => (a.num ?? 100 + a.order) - (b.num ?? 100 + b.order));
}

const FALLBACK: VolumeDraft[] = [
  { kind: 'technical', num: 1, title: 'Technical', order: 0 },
  { kind: 'past_performance', num: 2, title: 'Past Performance', order: 1 },
  { kind: 'price', num: 3, title: 'Price', order: 2 },
];

/** Which volume answers a kind of topic when the solicitation has no volume of that kind. */
function volumeForKind(kind: VolumeKind, drafts: VolumeDraft[]): VolumeDraft | null {
  const exact = drafts.find((d) => d.kind === kind);
  if (exact) return exact;
  if (kind === 'admin') return null;
  if (kind === 'management' || kind === 'oral' || kind === 'past_performance') {
    return drafts.find((d) => d.kind === 'technical') ?? drafts.find((d) => d.kind !== 'price') ?? drafts[0] ?? null;
  }
  return drafts.find((d) => d.kind === 'technical') ?? drafts[0] ?? null;
}

/**
 * Build the volume structure from Section L and place every requirement in it:
 * L requirements under the heading their topic names (in the volume they mention), C requirements
 * in the technical volume, M factors in the volume that answers them.
 */
export function proposalStructure(reqs: Requirement[]): ProposalStructure {
  const lReqs = reqs.filter((r) => r.section === 'L');
  let drafts = detectVolumes(lReqs);
  const fallback = drafts.length === 0;
  if (fallback) drafts = FALLBACK.map((d) => ({ ...d }));

  const adminDraft: VolumeDraft = { kind: 'admin', num: null, title: 'Administrative and Submission Items', order: 999 };
  const volumes = new Map<VolumeDraft, Volume>();
  const volumeOf = (d: VolumeDraft): Volume => {
    let v = volumes.get(d);
    if (!v) {
      v = { kind: d.kind, numeral: d.num === null ? null : toRoman(d.num), title: d.title, headings: [], rules: [], mentions: [] };
      volumes.set(d, v);
    }
    return v;
  };
  drafts.forEach(volumeOf);

  const headingIn = (v: Volume, topic: Topic): Heading => {
    let h = v.headings.find((x) => x.key === topic.key);
    if (!h) {
      h = { key: topic.key, title: topic.title, number: '', requirements: [] };
      v.headings.push(h);
    }
    return h;
  };

  const placement = new Map<Requirement, Placement>();
  const generalRules: Requirement[] = [];
  const byKey = (key: string) => TOPICS.find((x) => x.key === key)!;
  const summary: Topic = { key: 'summary', title: 'Executive Summary and Understanding', kind: 'technical', re: GENERAL.re };

  // "Factor 1 - Technical Approach": later sentences that mention Factor 1 belong with it.
  const factorTopics = new Map<string, Topic>();
  for (const r of reqs) {
    if (r.section !== 'M') continue;
    const f = FACTOR_NAME.exec(r.text);
    if (f && !f[1]) factorTopics.set(f[2].toUpperCase(), topicOf(f[3]));
  }
  let lastM: Placement | null = null;

  // Section L first, so the headings follow L's order; M then adds headings for factors L never
  // asked about, and C requirements land in the technical volume.
  const ordered = [
    ...lReqs,
    ...reqs.filter((r) => r.section === 'other'),
    ...reqs.filter((r) => r.section === 'M'),
    ...reqs.filter((r) => r.section === 'C'),
  ];
  for (const r of ordered) {
    const named = fallback ? [] : volumesNamed(r.text, drafts);
    for (const d of named) volumeOf(d).mentions.push(r);
    // "Written technical quotes will be accepted via the Google Form" is about delivery, not the
    // technical approach: the words that name the volume must not also pick the topic.
    const topic = topicOf(named.length ? r.text.replace(VOLUME_PHRASE, ' ').replace(NAMED_VOLUME, ' ') : r.text);
    const instruction = r.section === 'L' || r.section === 'other';

    if (r.section === 'C') {
      const tech = volumeOf(volumeForKind('technical', drafts) ?? drafts[0]);
      const h = headingIn(tech, topic.kind === 'technical' || topic.kind === 'management' ? topic : byKey('technical'));
      h.requirements.push(r);
      placement.set(r, { volume: tech, heading: h });
      continue;
    }

    // Page, font and format rules, and delivery instructions aimed at one volume, govern the
    // volume as a whole rather than any heading in it.
    if (instruction && (PAGE_LIMIT.test(r.text) || FORMAT_RULE.test(r.text) || (named.length > 0 && topic.kind === 'admin'))) {
      if (named.length === 0) {
        generalRules.push(r);
        placement.set(r, { volume: null, heading: null });
      } else {
        for (const d of named) volumeOf(d).rules.push(r);
        placement.set(r, { volume: volumeOf(named[0]), heading: null });
      }
      continue;
    }

    if (r.section === 'M' && topic.kind === 'admin' && named.length === 0) {
      // Criteria with no topic of their own ("The ability to empathize ...") continue the factor
      // listed before them, or the factor they name; the basis for award opens the response.
      const ref = /\b[Ff]actor\s+(\d+|[IVX]+|[A-H])\b/.exec(r.text);
      const refTopic = ref ? factorTopics.get(ref[1].toUpperCase()) : undefined;
      if (refTopic && refTopic.kind !== 'admin') {
        const v = volumeOf(volumeForKind(refTopic.kind, drafts) ?? drafts[0]);
        lastM = { volume: v, heading: headingIn(v, refTopic) };
      } else if (
        !lastM ||
        /\b(basis for award|best value|award will be made|will be evaluated|evaluate\w* (proposals|quotes|offers))\b/i.test(r.text)
      ) {
        const v = volumeOf(drafts[0]);
        lastM = { volume: v, heading: headingIn(v, summary) };
      }
      lastM.heading!.requirements.push(r);
      placement.set(r, lastM);
      continue;
    }

    let draft: VolumeDraft | null = named[0] ?? null;
    if (!draft) draft = volumeForKind(topic.kind, drafts);
    // Administrative L items are a section of their own rather than a proposal volume; an M factor
    // always belongs to a volume that is evaluated.
    if (!draft) draft = r.section === 'M' ? drafts[0] : adminDraft;
    const v = volumeOf(draft);
    const useTopic = topic.kind === 'admin' && v.kind !== 'admin' ? summary : topic;
    const h = headingIn(v, useTopic);
    h.requirements.push(r);
    const place = { volume: v, heading: h };
    placement.set(r, place);
    if (r.section === 'M') lastM = place;
  }

  const list = [...volumes.entries()].sort(([a], [b]) => (a.num ?? 100 + a.order) - (b.num ?? 100 + b.order)).map(([, v]) => v);
  // The summary opens its volume whatever order the criteria that created it came in.
  for (const v of list) v.headings.sort((a, b) => Number(b.key === 'summary') - Number(a.key === 'summary'));
  list.forEach((v, i) => v.headings.forEach((h, j) => (h.number = `${i + 1}.${j + 1}`)));
  return { volumes: list, fallback, generalRules, placement };
}

export function volumeLabel(v: Volume): string {
  return v.numeral ? `Volume ${v.numeral}: ${v.title}` : v.kind === 'admin' ? v.title : `${v.title} Volume`;
}

/** "Volume I: Technical / 1.2 Key Personnel and Staffing" — the place a requirement is answered. */
export function placeLabel(structure: ProposalStructure, r: Requirement): string {
  const p = structure.placement.get(r);
  if (!p) return 'N/A';
  if (!p.volume) return 'All volumes (format and submission rule)';
  const v = volumeLabel(p.volume);
  if (!p.heading) return `${v} (volume-wide rule)`;
  return `${v} / ${p.heading.number} ${p.heading.title}`;
}
