/**
 * Proposal Draft (workspace side): the response outline with starter prose under every heading.
 * Each starter restates a requirement as a commitment ("[Company] will ...") so the writer begins
 * from compliant wording and only has to add the proof.
 */
import { IMPERATIVE_PREFIX, IMPERATIVE_VERBS } from '../cues';
import type { Requirement } from '../types';
import { scopeSentences } from './facts';
import { clean, clip, detail, phrase, titleLine } from './format';
import { proposalStructure, volumeLabel, type Heading } from './structure';
import type { GeneratorContext } from './types';

const COMPANY = '[Company]';
const PER_HEADING = 12;

const PARTY_MODAL =
  /\b(?:(?:the|each|all|an?|any)\s+)?(?:prospective\s+)?(?:offerors?|contractors?|vendors?|quoters?|proposers?|bidders?|respondents?|awardees?|they|you)(?:\(s\))?(?:['’]s?)?\s+(shall|must|will|should|are required to|is required to|are expected to|is expected to|are responsible for|is responsible for|may not|cannot)(\s+not)?\s+/i;

// "Work will be conducted ...": a product or deliverable bound by a modal.
const OTHER_MODAL = /\b(shall|must|is required to|are required to|should)(\s+not)?\s+/i;
const WILL = /\b(will)(\s+not)?\s+/i;

/** "Two weeks prior to conclusion, " — an opening phrase kept in front of the commitment. */
const LEAD_CLAUSE =
  /^((?:to|in|during|after|before|following|prior|within|upon|once|when|if|unless|for|at|by|finally|additionally|also|further|\w+\s+(?:days?|weeks?|months?)\s+(?:prior|after|before))\b(?:(?!\b(?:shall|must|will|should)\b)[^,]){0,80}),\s+/i;

/** Leading outline numbers and bullets: "C.2.1", "(a)", "1.", "•". */
const NUMBERING = /^(?:[•\-–*]\s*|\(?[a-z0-9]{1,3}[.)]\s+|[A-Z]\.\d+(?:\.\d+)*\s+|\d+(?:\.\d+)+\s+)+/;

function lowerFirst(s: string): string {
  // Keep acronyms and proper nouns ("DOL staff", "GitHub") as written.
  return /^[A-Z][a-z]/.test(s) && !/^(I|GitHub|Google|Volume|Section|Factor|Task|Attachment|Exhibit|Appendix)\b/.test(s)
    ? s[0].toLowerCase() + s.slice(1)
    : s;
}

function finish(s: string): string {
  // Lead-ins ("... end users, including:") end where their list items begin.
  const t = s.replace(/,?\s+(including|as follows)\s*:\s*$/i, '').replace(/[\s:;,]+$/, '');
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** One requirement sentence restated as the offeror's commitment. */
export function commitment(text: string): string {
  const t = clean(text)
    .replace(NUMBERING, '')
    .replace(/^(please\s+)?note:?\s+(that\s+)?/i, '');
  const party = PARTY_MODAL.exec(t);
  if (party) {
    const modal = party[1].toLowerCase();
    const negative = Boolean(party[2]) || modal === 'may not' || modal === 'cannot';
    const verb = modal.includes('responsible') ? 'will be responsible for ' : `will${negative ? ' not' : ''} `;
    const before = t.slice(0, party.index);
    const after = t.slice(party.index + party[0].length);
    const lead = before ? `${before}${COMPANY}` : COMPANY;
    return finish(`${lead} ${verb}${after}`);
  }
  const stripped = t.replace(/^[“"‘'(]+/, '').replace(IMPERATIVE_PREFIX, '');
  const first = stripped.split(/\s+/)[0] ?? '';
  if (/^[A-Z][a-z-]+$/.test(first) && IMPERATIVE_VERBS.has(first.toLowerCase())) {
    return finish(`${COMPANY} will ${first.toLowerCase()}${stripped.slice(first.length)}`);
  }
  const lead = LEAD_CLAUSE.exec(stripped);
  const body = lead ? stripped.slice(lead[0].length) : t;
  const prefix = lead ? `${lead[1]}, ` : '';
  const bodyFirst = body.split(/\s+/)[0] ?? '';
  if (lead && /^[a-z][a-z-]+$/.test(bodyFirst) && IMPERATIVE_VERBS.has(bodyFirst)) {
    return finish(`${prefix}${COMPANY} will ${body}`);
  }
  // The binding modal wins over an incidental "who will have access".
  const other = OTHER_MODAL.exec(body) ?? WILL.exec(body);
  if (other) {
    const rewritten = `${body.slice(0, other.index)}will${other[2] ? ' not' : ''} ${body.slice(other.index + other[0].length)}`;
    return finish(`${prefix}${COMPANY} will ensure that ${lowerFirst(rewritten)}`);
  }
  // Not a sentence to restate as a commitment (a table row, background): the writer answers it.
  return `Answer: “${clip(t, 200).replace(/[.:]$/, '')}”`;
}

// Requirements beyond the drafted ones listed by name under a heading.
const MORE_SHOWN = 8;

export function proposalDraft(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const s = proposalStructure(reqs);
  const out: string[] = [titleLine('Proposal Draft', o.title, o.solicitation_number), ''];
  out.push(
    phrase(
      tone,
      `Starter text for each heading, written as commitments from the requirements they answer. Replace ${COMPANY} with your company name, and before review follow each commitment with its proof: named people and their roles, tools and methods, numbers (volumes, response times, savings), and a past contract where it was done.`,
      `The following starter text restates each requirement as a commitment of the offeror. ${COMPANY} is to be replaced with the offeror's legal name, and each commitment is to be followed, prior to review, by supporting evidence: named personnel and their roles, tools and methods, quantities, and a prior contract in which it was performed.`,
    ),
    '',
  );
  if (reqs.length === 0) {
    out.push(
      '> No solicitation PDF uploaded: the outline below is the standard three-volume layout without requirement-level text. Upload the solicitation to get commitments for each instruction and work requirement.',
      '',
    );
  }

  out.push('## Executive Summary', '');
  // No courtesy opener ("… is pleased to submit"): evaluators skip it and it scores nothing.
  const scope = scopeSentences(o.description, 1, 300);
  if (scope.length) out.push(`The agency's stated need: “${scope[0]}”`, '');
  out.push(
    '> **Writer:** state the win themes in two or three sentences: why this team, what it has done that is most like this work, and the one benefit the evaluators should remember.',
    '',
  );

  for (const v of s.volumes) {
    out.push(`## ${volumeLabel(v)}`, '');
    out.push(
      ...detail(
        tone,
        v.kind === 'price'
          ? 'The price volume carries the numbers and the assumptions behind them; the narrative should explain how the price follows from the staffing and approach in the technical volume.'
          : v.kind === 'admin'
            ? 'Administrative items are usually pass/fail: forms, certifications and delivery instructions. They belong in the cover letter or a dedicated volume as Section L directs.'
            : 'Each heading below opens with the commitments Section L and the statement of work ask for. Evaluators look for the commitment first and the proof right after it, so keep that order.',
      ),
    );
    if (v.rules.length) out.push(`_Limits: ${v.rules.map((r) => `[${r.requirement_id}] ${clip(r.text, 100)}`).join('; ')}_`, '');
    if (v.headings.length === 0) {
      out.push(
        v.kind === 'price'
          ? `${COMPANY} will price the work in the structure the solicitation provides, with every rate and assumption traceable to the technical approach.`
          : v.kind === 'past_performance'
            ? `${COMPANY} will present recent, relevant contracts of similar size and scope, with a point of contact for each.`
            : `${COMPANY} will describe its approach to the work of this volume.`,
        '',
        '> **Writer:** no requirement maps here yet; follow the solicitation for this volume’s contents.',
        '',
      );
      continue;
    }
    for (const h of v.headings) out.push(...headingDraft(h));
  }
  return out.join('\n');
}

function headingDraft(h: Heading): string[] {
  const out: string[] = [`### ${h.number} ${h.title}`, ''];
  const doable = h.requirements.filter((r) => r.section !== 'M');
  const scored = h.requirements.filter((r) => r.section === 'M');
  const shown = doable.slice(0, PER_HEADING);
  // No "This section shows how …" filler: a heading with no instruction or work requirement gets
  // a note naming what it is scored on instead (below).
  for (const r of shown) out.push(`${commitment(r.text)} [${r.requirement_id}]`);
  // The rest, each named with its page and words, a few at a time; the matrix has the full list.
  const rest = doable.slice(PER_HEADING);
  if (rest.length) {
    out.push(
      '',
      `Also answered here (${rest.length}):`,
      ...rest
        .slice(0, MORE_SHOWN)
        .map((r: Requirement) => `- [${r.requirement_id}]${r.page ? ` (p. ${r.page})` : ''} ${clip(r.text, 110)}`),
    );
    if (rest.length > MORE_SHOWN) out.push(`- … and ${rest.length - MORE_SHOWN} more under this heading in the compliance matrix.`);
  }
  if (shown.length) out.push('');
  if (scored.length) out.push(`> **Scored against:** ${scored.map((r) => `[${r.requirement_id}] ${clip(r.text, 100)}`).join('; ')}`, '');
  // One writer note per heading only where it says something of its own: the evidence rule is
  // stated once at the top, not repeated under every heading.
  if (!shown.length) {
    const to = scored.length ? scored.map((r) => `[${r.requirement_id}]`).join(', ') : 'what the solicitation asks of it';
    out.push(`> **Writer:** no instruction or work requirement maps to ${h.title}; write it to ${to}.`, '');
  }
  return out;
}
