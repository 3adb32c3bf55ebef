/**
 * Text cues the generators look for in requirement sentences: page and format rules, where and when
 * to submit, dates, acronyms, vague wording, contract types. Each detector returns the requirements
 * that carried the cue so documents can cite them.
 */
import type { Requirement } from '../types';

export const PAGE_LIMIT =
  /\bpage\s+limit(?:ation)?s?\b|\b\d+[- ]page\s+(?:limit|maximum|max)\b|\b(?:limited\s+to|not\s+(?:to\s+)?exceed|shall\s+not\s+be\s+more\s+than|no\s+more\s+than|no\s+longer\s+than|maximum\s+of|max(?:imum)?\.?|up\s+to)\s+(?:\w+\s+)?(?:\(\d+\)\s+)?(?:single[- ]sided\s+|double[- ]sided\s+|printed\s+|typed\s+|total\s+)?pages?\b|\bpages?\s+(?:maximum|max\.?)\b/i;

export const FORMAT_RULE =
  /\b(font|typeface|times new roman|arial|calibri|\d+[- ]?(point|pt)\b|margins?|line spacing|single[- ]spaced|double[- ]spaced|8\.5\s*(x|by)\s*11|letter[- ]size|paper size|file format|searchable pdf|\.pdf|pdf format|microsoft (word|excel)|\.docx?|\.xlsx?)\b/i;

/** Where a response goes: a portal, an email address, a form, a physical address. */
export const SUBMIT_WHERE =
  /\b(PIEE|eBuy|SAM\.gov|beta\.sam|FedConnect|DoD SAFE|WAWF|Google Form|portal|e-?mail(ed)?\s+to|via\s+e-?mail|by\s+e-?mail|hand[- ]?(carried|delivered)|mailed\s+to|GitHub|[\w.+-]+@[\w-]+\.[\w.-]+)/i;

export const SUBMIT_ACTION = /\b(submit\w*|submission|received|deliver\w*|sent|send|upload\w*|accepted)\b/i;

export const COPIES = /\b(\w+)\s*(\(\d+\)\s*)?(paper |hard |electronic |original )?cop(y|ies)\b/i;

export const VALIDITY = /\bvalid\s+for\s+(at\s+least\s+)?\w+\s*(\(\d+\)\s*)?(calendar\s+)?days\b|\bacceptance period\b/i;

/** Relative importance of evaluation factors, as solicitations phrase it. */
export const IMPORTANCE =
  /\b(most important|more important|less important|significantly (more|less)|approximately equal|equal(ly)? (important|weighted|in importance)|in (descending|decreasing) order|order of (importance|priority)|outweighs?|weighted|weights?|\d+\s*points|point (scale|system)|percent|when combined)\b|\d+\s*%/i;

export const AWARD_BASIS =
  /\b(best value|trade-?off|lowest price technically acceptable|LPTA|lowest (evaluated )?price|highest technically rated|technically acceptable|other than the lowest)\b/i;

/** "Factor 1 - Technical Approach", "Factor II: Past Performance"; group 1 marks subfactors. */
export const FACTOR_NAME = /\b([Ss]ub-?)?[Ff]actor\s+(\d+|[IVX]+|[A-H])\b\s*[-–—:.)]\s*([A-Z][^.;:]{2,60})/;

export const VAGUE =
  /\b(as required|as needed|as necessary|as appropriate|as directed|as applicable|if (required|necessary|needed)|TBD|TBA|TBR|to be determined|to be provided later|etc\.?|and\/or|including,? but not limited to)(?![\w])/;

export const WAGE_DETERMINATION =
  /\b(wage determination|service contract (act|labor standards)|SCA|Davis[- ]Bacon|WD\s*(no\.?|#)?\s*\d{4})\b/i;

export const PLACE_OF_PERFORMANCE =
  /\b(place of performance|performed (at|on|in|remotely)|on[- ]?site|off[- ]?site|remote(ly)?|telework|government (site|facility|facilities)|contractor(['’]s)? (site|facility|facilities)|located (at|in))\b/i;

/** Services and construction where a wage determination usually applies (FAR 22.10 / Davis-Bacon). */
export const LABOR_SCOPE =
  /\b(custodial|janitorial|guard services|security guards?|grounds (maintenance|keeping)|landscaping|mowing|(facility|facilities|building|equipment|vehicle) maintenance|maintenance and repair|construction|renovation|painting|moving services|food service|laundry|cleaning|snow removal|pest control|refuse|hvac|plumbing)\b/i;

export interface Hit {
  req: Requirement;
  match: string;
}

export function hits(reqs: Requirement[], re: RegExp): Hit[] {
  const out: Hit[] = [];
  for (const req of reqs) {
    const m = re.exec(req.text);
    if (m) out.push({ req, match: m[0] });
  }
  return out;
}

export function matching(reqs: Requirement[], re: RegExp): Requirement[] {
  return reqs.filter((r) => re.test(r.text));
}

// ---------------------------------------------------------------------------------------------
// Dates written in solicitation prose

const MONTH_INDEX: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_WORD =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';
const DATE_PATTERNS: { re: RegExp; read: (m: RegExpExecArray) => [number, number, number] }[] = [
  {
    re: new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'gi'),
    read: (m) => [Number(m[3]), monthOf(m[1]), Number(m[2])],
  },
  { re: new RegExp(`\\b(\\d{1,2})\\s+${MONTH_WORD},?\\s+(\\d{4})\\b`, 'gi'), read: (m) => [Number(m[3]), monthOf(m[2]), Number(m[1])] },
  { re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g, read: (m) => [Number(m[3]), Number(m[1]), Number(m[2])] },
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
];

function monthOf(word: string): number {
  return (
    MONTH_INDEX[
      word
        .toLowerCase()
        .replace('.', '')
        .slice(0, word.toLowerCase().startsWith('sept') ? 4 : 3)
    ] ?? 0
  );
}

export interface TextDate {
  /** yyyy-mm-dd */
  iso: string;
  raw: string;
}

/** Calendar dates written in a text, in order, deduplicated. */
export function datesIn(text: string): TextDate[] {
  const found: { at: number; date: TextDate }[] = [];
  for (const { re, read } of DATE_PATTERNS) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      const [y, mo, d] = read(m);
      if (mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) continue;
      found.push({ at: m.index, date: { iso: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`, raw: m[0] } });
    }
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.date)
    .filter((d) => !seen.has(d.iso) && seen.add(d.iso));
}

const QUESTION_CUE = /\b(questions?|inquir\w+|RFI|clarifications?)\b/i;
const DUE_CUE = /\b(due|no later than|NLT|deadline|closing|closes|must be received|received by|submitted by|submit\w* by|on or before)\b/i;

export interface Deadline<R extends Pick<Requirement, 'text'> = Requirement> {
  date: TextDate;
  req: R;
}

/** Deadlines for questions and for the response itself, as stated in requirement texts. */
export function deadlines<R extends Pick<Requirement, 'text'> = Requirement>(
  reqs: R[],
): { questions: Deadline<R>[]; response: Deadline<R>[] } {
  const questions: Deadline<R>[] = [];
  const response: Deadline<R>[] = [];
  for (const req of reqs) {
    const dates = datesIn(req.text);
    if (dates.length === 0 || !DUE_CUE.test(req.text)) continue;
    const list = QUESTION_CUE.test(req.text) ? questions : response;
    for (const date of dates) list.push({ date, req });
  }
  return { questions, response };
}

// ---------------------------------------------------------------------------------------------
// Acronyms

/** Acronyms any federal bidder knows; asking about them would be noise. */
const COMMON_ACRONYMS = new Set(
  (
    'US USA U.S. FAR DFARS DFAR GSA DOD DoD PDF NAICS PSC SAM UEI CAGE DUNS RFP RFQ RFI SOW PWS SOO CLIN CLINs SLIN IDIQ ' +
    'FFP BPA MAS GWAC TO DO CO COR KO PCO ACO AM PM EST EDT CST CDT MST MDT PST PDT ET CT MT PT ID IT USC CFR OMB ' +
    'ADA EEO HUBZone SDVOSB VOSB WOSB EDWOSB SBA SDB LLC INC CEO CFO CIO CTO HR QA QC OK TBD TBA NA N/A FY ' +
    'API URL HTML CSS JSON XML SQL UI UX HTTP HTTPS PIEE WAWF CPARS PPIRS FAPIIS SPRS CMMC NIST FEDRAMP FedRAMP SCA POC COTS ' +
    'CONUS OCONUS GFE GFP DOL DHS VA HHS DOE DOT EPA NASA USDA DOJ DOI DOS USACE NAVFAC NAVSEA NAVAIR DISA DLA IRS SSA OPM ' +
    // Contract types and conformance levels every reader of a solicitation knows (WCAG 2.1 AA).
    'T&M LH CPFF CPAF CPIF FPIF AA AAA'
  ).split(' '),
);

/** All-caps words that are emphasis, not acronyms. */
const SHOUTED = new Set(
  (
    'NOT ALL AND THE MUST SHALL WILL NOTE ONLY NO OR TO OF FOR ANY EACH MAY BE IS ARE AN A IN ON AT BY IF NOR WITH THIS THAT NEW ONE TWO ' +
    // Colours and signal words: "the sections in RED", "IMPORTANT".
    'RED BLUE GREEN YELLOW ORANGE BLACK BOLD IMPORTANT WARNING NOTICE CAUTION'
  ).split(' '),
);

const ACRONYM = /\b[A-Z][A-Za-z0-9&]*[A-Z][A-Za-z0-9&]*\b/g;
const ROMAN = /^(I{1,3}|IV|V|VI{0,3}|IX|X{1,3})$/;

function isAcronymToken(tok: string): boolean {
  if (tok.length < 2 || tok.length > 8) return false;
  if (COMMON_ACRONYMS.has(tok) || COMMON_ACRONYMS.has(tok.toUpperCase()) || SHOUTED.has(tok) || ROMAN.test(tok)) return false;
  const upper = tok.replace(/[^A-Z]/g, '').length;
  // Mostly capitals ("CMMC", "SPRS", "WHD"); camel case words ("GitHub", "JavaScript") are names.
  return upper >= 2 && upper >= tok.length - 1;
}

/** A capitalised token every reader knows, or one made of two of them or of a defined one ("RFQTDRS"). */
export function isKnownAcronym(tok: string, defined: ReadonlyMap<string, string> = new Map()): boolean {
  const known = (t: string) => COMMON_ACRONYMS.has(t) || defined.has(t);
  if (known(tok)) return true;
  for (let i = 2; i <= tok.length - 2; i++) if (known(tok.slice(0, i)) && known(tok.slice(i))) return true;
  return false;
}

/** True when the text spells the acronym out, "Word Word (ACR)" or "ACR (Word Word)". */
function isExpanded(acr: string, text: string): boolean {
  const esc = acr.replace(/[.*+?^${}()|[\]\\&]/g, '\\$&');
  if (new RegExp(`\\(\\s*[“"‘']?${esc}s?[”"’']?\\s*\\)`).test(text)) return true;
  if (new RegExp(`\\b${esc}s?\\s*\\(\\s*[A-Z][a-z]`).test(text)) return true;
  // "Contractor Access Fee (CAF)" already covered; also accept "CAF - Contract Access Fee".
  return new RegExp(`\\b${esc}\\s*[-–—:]\\s*[A-Z][a-z]+\\s+[A-Z][a-z]+`).test(text);
}

export interface UndefinedAcronym {
  acronym: string;
  reqs: Requirement[];
}

/**
 * Capitalised acronyms used in the requirements but never spelled out, either there or in the
 * notice description. Lines that are mostly capitals (headings) are skipped.
 */
export function undefinedAcronyms(reqs: Requirement[], description: string): UndefinedAcronym[] {
  const corpus = [description, ...reqs.map((r) => r.text)].join('\n');
  const uses = new Map<string, Requirement[]>();
  for (const req of reqs) {
    const letters = req.text.replace(/[^A-Za-z]/g, '');
    const caps = letters.replace(/[^A-Z]/g, '').length;
    if (letters.length > 0 && caps / letters.length > 0.5) continue;
    for (const m of req.text.matchAll(ACRONYM)) {
      // ".NET" and file extensions are names, not acronyms.
      if (m.index > 0 && req.text[m.index - 1] === '.') continue;
      const tok = m[0].replace(/s$/, '');
      if (!isAcronymToken(tok)) continue;
      const list = uses.get(tok) ?? [];
      if (!list.includes(req)) list.push(req);
      uses.set(tok, list);
    }
  }
  return [...uses]
    .filter(([acr]) => !isExpanded(acr, corpus))
    .map(([acronym, list]) => ({ acronym, reqs: list }))
    .sort((a, b) => b.reqs.length - a.reqs.length || a.acronym.localeCompare(b.acronym));
}

// ---------------------------------------------------------------------------------------------
// Contract and pricing cues

export interface PricingCue {
  key: string;
  label: string;
  re: RegExp;
  /** What the cue means for the price build-up. */
  note: string;
}

export const PRICING_CUES: PricingCue[] = [
  {
    key: 'ffp',
    label: 'Firm-fixed-price (FFP)',
    re: /\b(firm[- ]fixed[- ]price|FFP|fixed[- ]price)\b/i,
    note: 'You carry cost risk: price the full scope, including contingencies for quantities the text leaves open.',
  },
  {
    key: 'tm',
    label: 'Time-and-materials / labor-hour',
    re: /\b(time[- ]and[- ]materials?|T&M|labor[- ]hours?(?! rates?)|LH contract)\b/i,
    note: 'Rates are fixed but hours float: build fully burdened hourly rates per labor category and a realistic hours estimate.',
  },
  {
    key: 'cost',
    label: 'Cost-reimbursement',
    re: /\b(cost[- ]plus|cost[- ]reimburse\w*|CPFF|CPAF|CPIF)\b/i,
    note: 'Expect cost realism analysis: indirect rates and an adequate accounting system matter.',
  },
  {
    key: 'idiq',
    label: 'IDIQ / task orders',
    re: /\b(IDIQ|indefinite[- ]delivery|indefinite[- ]quantity|(?:task|delivery) orders (?:will|may|shall) be (?:issued|placed)|orders? (?:issued|placed) under|minimum guarantee|guaranteed minimum)\b/i,
    note: 'Price per unit or rate rather than a total; check the guaranteed minimum and ceiling.',
  },
  {
    key: 'bpa',
    label: 'BPA / GSA Schedule',
    re: /\b(BPA|blanket purchase agreement|GSA schedule|MAS|Federal Supply Schedule|FSS|aBPA)\b/i,
    note: 'Proposed rates must not exceed your schedule or BPA ceiling rates; discounts are normal.',
  },
  {
    key: 'labor',
    label: 'Labor categories and rates',
    re: /\b(labor categor\w+|labor rates?|hourly rates?|fully[- ]burdened|fringe|indirect rates?|overhead|G&A)\b/i,
    note: 'Map each proposed person to a labor category and show how each rate is built up.',
  },
  {
    key: 'clin',
    label: 'CLIN / SLIN structure',
    re: /\b(CLINs?|SLINs?|contract line items?|line items?|schedule of supplies|price schedule|pricing (schedule|worksheet|template)|worksheet)\b/i,
    note: 'Price exactly in the structure given; do not add or merge line items.',
  },
  {
    key: 'options',
    label: 'Base and option periods',
    re: /\b(option (period|year)s?|base (period|year)|optional (period|year)s?|FAR 52\.217-[89]|extend (the )?(term|services))\b/i,
    note: 'Escalate each option period consistently; options are usually evaluated as part of total price.',
  },
  {
    key: 'travel',
    label: 'Travel and other direct costs',
    re: /\b(travel|ODCs?|other direct costs?|materials? costs?|per diem|JTR|FTR)\b/i,
    note: 'State how travel and ODCs are priced (fixed, not-to-exceed, or reimbursed at cost).',
  },
  {
    key: 'wage',
    label: 'Wage determination (SCA / Davis-Bacon)',
    re: WAGE_DETERMINATION,
    note: 'Wage and fringe rates in the determination are a floor for covered labor categories.',
  },
  {
    key: 'fee',
    label: 'Access fee',
    re: /\b(contract access fee|CAF|industrial funding fee|IFF)\b/i,
    note: 'Include the fee in the rates as the solicitation instructs.',
  },
  {
    key: 'realism',
    label: 'Price realism / reasonableness',
    re: /\b(price (realism|reasonableness)|realistic|reasonable price|unbalanced pricing|balanced)\b/i,
    note: 'Very low prices can be judged unrealistic: be ready to explain how each rate is supported.',
  },
];
