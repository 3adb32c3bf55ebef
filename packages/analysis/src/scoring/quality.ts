import type { Analysed } from './text';

/**
 * What a passage is made of, apart from its topic: whether it reads as prose that commits to
 * something (function words, varied vocabulary, real sentences) or as a keyword list, and whether
 * it carries evidence an evaluator can check (figures, dates, certifications, past performance).
 */

export type EvidenceKind = 'figure' | 'date' | 'certification' | 'past performance' | 'named role' | 'link';

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

// Counted things: "25 engineers", "12 years", "3,400 users", "40 hours", "99.9% uptime", "$4.2 million".
const QUANTITY_NOUN =
  '(?:years?|months?|weeks?|days?|hours?|minutes?|users?|staff|employees|engineers|developers|analysts|people|' +
  'personnel|FTEs?|sites?|locations?|facilities|projects?|contracts?|task orders?|agencies|systems?|servers?|' +
  'applications?|apps|tickets?|incidents?|requests?|releases?|deployments?|clients?|customers?|states?|offices?|' +
  'members?|specialists?|professionals?|records?|transactions?|endpoints?|devices?|workstations?|courses?|' +
  'sessions?|reports?|audits?|assessments?|migrations?|certified|cleared)';
const EVIDENCE: Array<[EvidenceKind, RegExp]> = [
  ['figure', /\d(?:[\d,]*\d)?(?:\.\d+)?\s?(?:%|percent\b)/i],
  ['figure', /\$\s?\d|\b\d+(?:\.\d+)?\s?(?:million|billion|thousand)\b|\bUSD\s?\d/i],
  // Not references: "section 2.2 key personnel", "SP 800-53 controls".
  [
    'figure',
    new RegExp(
      `(?<!(?:section|sec\\.|para(?:graph)?|part|step|phase|page|volume|table|figure|item|sp|no\\.)\\s)(?<![\\d.,-])\\b\\d[\\d,]*(?:\\.\\d+)?\\+?\\s+(?:[A-Za-z-]+\\s+)?${QUANTITY_NOUN}\\b`,
      'i',
    ),
  ],
  // Spelled-out counts: "five moderated usability tests per sprint", "Eight years", "three repositories".
  [
    'figure',
    new RegExp(
      `\\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\\s+(?:[A-Za-z-]+\\s+){0,2}${QUANTITY_NOUN}\\b`,
      'i',
    ),
  ],
  [
    'date',
    new RegExp(
      `\\b${MONTH}\\.?\\s+(?:\\d{1,2},?\\s+)?(?:19|20)\\d{2}\\b|\\b(?:19|20)\\d{2}\\b|\\b\\d{1,2}/\\d{1,2}/\\d{2,4}\\b|\\bFY\\s?\\d{2}\\b`,
      'i',
    ),
  ],
  [
    'certification',
    /\b(?:ISO(?:\/IEC)?\s?\d{4,5}|CMMI(?:[-\s](?:DEV|SVC))?|FedRAMP|StateRAMP|SOC\s?[12]|FISMA|NIST\s(?:SP\s)?800-\d+|PMP|CISSP|CISM|ITIL|Six Sigma|CompTIA|Security\+|AWS Certified|Section 508|ATO|Top Secret|TS\/SCI|Secret clearance|8\(a\)|HUBZone|SDVOSB|EDWOSB|WOSB|GSA Schedule|OASIS|SEWP|CIO-SP\d)\b/,
  ],
  [
    'past performance',
    /\b(?:contract (?:number|no\.?|#)|task order (?:number|no\.?|#)|past performance|CPARS|(?:we|our team) (?:have |has )?(?:successfully )?(?:delivered|completed|managed|supported|implemented|migrated|deployed|reduced|increased|achieved|performed|built|developed|modernized|operated|transitioned|trained|maintained))\b/i,
  ],
  ['past performance', /\b(?:GS-\d{2}F-[0-9A-Z]+|[0-9A-Z]{4,6}-?\d{2}-?[A-Z]-?\d{4,5}|47Q[A-Z0-9]{9,})\b/],
  [
    'named role',
    /\b(?:Program Manager|Project Manager|Deputy Program Manager|Technical Lead|Lead Engineer|Lead Developer|Chief Architect|Solutions Architect|Quality (?:Assurance )?Manager|(?:Information )?Security Officer|ISSO|Scrum Master|Product Owner|Transition Manager|Contracting Officer(?:['’]s Representative)?|Chief [A-Z][a-z]+ Officer)\b/,
  ],
  ['named role', /\b(?:Mr|Ms|Mrs|Dr)\.\s[A-Z][a-z]+|\b[A-Z][a-z]+ [A-Z][a-z]+,\s?(?:PMP|CISSP|PhD|P\.E\.|CSM)\b/],
  // Something an evaluator can open: a repository, a profile, a case study.
  ['link', /\bhttps?:\/\/[^\s)]+|\bwww\.[\w-]+\.[a-z]{2,}|\b(?:github|gitlab|bitbucket)\.com\/[\w-]+/i],
];

const EVIDENCE_ALL: Array<[EvidenceKind, RegExp]> = EVIDENCE.map(([kind, re]) => [kind, new RegExp(re.source, `${re.flags}g`)]);

/**
 * Kinds of concrete evidence a passage carries, each once, in a fixed order. `isEcho` leaves out
 * matches that only repeat the solicitation (a draft saying "ATO" because the RFP does is not
 * evidence of an authorization).
 */
export function evidenceKinds(text: string, isEcho?: (match: string) => boolean): EvidenceKind[] {
  const out: EvidenceKind[] = [];
  for (const [kind, re] of EVIDENCE_ALL) {
    if (out.includes(kind)) continue;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (m[0] === '') re.lastIndex += 1;
      else if (!isEcho?.(m[0])) {
        out.push(kind);
        break;
      }
    }
  }
  return out;
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * 0.15-1: how much a passage reads as substance rather than a keyword list. Multiplied into a
 * requirement's coverage, so repeating the solicitation's words without saying anything does not
 * score. The floor keeps terse-but-real text from vanishing entirely.
 */
export function substance(a: Analysed, sentences: number, evidence: EvidenceKind[]): number {
  if (a.wordCount === 0) return 0;
  // Prose is ~35-50% function words ("we", "the", "will", "of"); keyword lists are near 0%.
  const functionShare = a.stopwordCount / a.wordCount;
  const prose = clamp01((functionShare - 0.1) / 0.18);
  // Varied vocabulary: the same handful of keywords over and over is stuffing.
  let distinct = 0;
  if (a.tokens.length) {
    const seen = new Set<string>();
    for (const t of a.tokens) seen.add(t.stem);
    distinct = seen.size / a.tokens.length;
  }
  const varied = a.tokens.length < 4 ? 1 : clamp01((distinct - 0.35) / 0.3);
  // Real sentences: fragments of one to four words ("Security. ISO. Staffing plan.") are not.
  const perSentence = a.wordCount / Math.max(1, sentences);
  const sentenceLike = clamp01((perSentence - 4) / 5);
  // A heading or a one-liner cannot answer much.
  const long = clamp01(a.wordCount / 12);
  let s = prose * varied * sentenceLike * long;
  // Terse statements of fact ("Program Manager - 15 years, 3 agencies, 98% on-time") are some
  // substance even without function words; bare certification names and role titles are not.
  // They earn partial credit, not full: a keyword list with a number in it is still a keyword list.
  // Several kinds of evidence together (a project entry with its link, stack, people and results)
  // are the substance of a past-performance list, prose or not.
  const solid = evidence.filter((k) => k === 'figure' || k === 'date' || k === 'past performance' || k === 'link').length;
  if (solid) s = Math.max(s, (evidence.length >= 2 ? 0.8 : 0.35) * varied * long * (evidence.length >= 2 ? 1 : sentenceLike));
  return 0.15 + 0.85 * s;
}
