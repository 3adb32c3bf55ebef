/**
 * RFI Questions: questions for the contracting officer, each raised by a concrete gap or ambiguity
 * found in the requirements or the notice, and citing the requirement ids behind it.
 */
import type { Requirement } from '../types';
import {
  deadlines,
  FORMAT_RULE,
  IMPORTANCE,
  LABOR_SCOPE,
  matching,
  PAGE_LIMIT,
  PLACE_OF_PERFORMANCE,
  SUBMIT_ACTION,
  SUBMIT_WHERE,
  undefinedAcronyms,
  isKnownAcronym,
  VAGUE,
  WAGE_DETERMINATION,
} from './cues';
import { evaluationFactors } from './brief';
import { citeAll, clean, clip, daysLabel, daysUntil, detail, formatDate, phrase, titleLine } from './format';
import { proposalStructure, volumeLabel } from './structure';
import { isStandardAcronym } from './glossary';
import type { GeneratorContext } from './types';

interface Question {
  topic: string;
  text: string;
  /** Requirements that raised the question; empty when it comes from the notice metadata. */
  raisedBy: Requirement[];
}

// Vague phrases worth a question. "Including but not limited to" and "and/or" are too common in
// federal prose to be worth the contracting officer's time.
const VAGUE_QUESTION: Record<string, string> = {
  'as required':
    'Required by whom, and how often? Please state the expected frequency or quantity so offerors can staff and price it consistently.',
  'as needed': 'Please state the expected frequency or volume (or a historical figure) so offerors can staff and price it consistently.',
  'as necessary': 'Please state who decides what is necessary and the expected volume, so offerors can price it consistently.',
  'as directed': 'Please state the expected scope of direction (volume, frequency, who directs) so offerors can price it consistently.',
  'as appropriate': 'Please state the standard the Government will use to judge what is appropriate.',
  'as applicable': 'Please state which cases apply to this requirement.',
  tbd: 'When and how will the item marked TBD be defined, and what should offerors assume when pricing it meanwhile?',
  tba: 'When will the item marked TBA be announced, and what should offerors assume meanwhile?',
  tbr: 'When will the item marked TBR be resolved, and what should offerors assume meanwhile?',
  'to be determined': 'When and how will it be determined, and what should offerors assume when pricing it meanwhile?',
  'to be provided later': 'When will it be provided, and will the response date move if it arrives late?',
  'etc.': 'The list ends with "etc.": please list everything included, since offerors cannot price open-ended scope.',
  etc: 'The list ends with "etc.": please list everything included, since offerors cannot price open-ended scope.',
};

export function rfiQuestions(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone, now } = ctx;
  const questions = findQuestions(ctx);
  const out: string[] = [titleLine('RFI Questions', o.title, o.solicitation_number), ''];

  out.push(`**Solicitation:** ${clean(o.solicitation_number) || 'N/A'}  `);
  out.push(
    `**Agency / Office:** ${
      [o.agency, o.office]
        .map((x) => clean(x))
        .filter(Boolean)
        .join(' / ') || 'N/A'
    }  `,
  );
  out.push(`**Response due:** ${formatDate(o.response_date)} (${daysLabel(daysUntil(o.response_date, now))})  `);
  const { questions: qDeadlines } = deadlines(reqs);
  if (qDeadlines.length > 0) {
    const d = qDeadlines[0];
    out.push(`**Questions due:** ${formatDate(d.date.iso)} per [${d.req.requirement_id}] (${daysLabel(daysUntil(d.date.iso, now))})`);
  } else {
    out.push(
      '**Questions due:** not stated in the extracted text. Submit as early as possible: agencies often stop answering well before the response date, and answers usually come as an amendment to all offerors.',
    );
  }
  const how = matching(reqs, /\bquestions?\b/i).filter((r) => SUBMIT_WHERE.test(r.text));
  const emails = (o.contacts ?? []).map((c) => clean(c?.email)).filter(Boolean);
  if (how.length > 0) out.push('', `Send questions as instructed in ${citeAll(how, 3)}.`);
  else if (emails.length > 0) out.push('', `Send questions to the contracting contact: ${emails.join(', ')}.`);
  out.push('');

  if (reqs.length === 0) {
    out.push(
      '> No solicitation PDF uploaded: the questions below come from the notice metadata and description only. Upload the solicitation to check page limits, formats, evaluation factors and wording requirement by requirement.',
      '',
    );
  }
  out.push(
    ...detail(
      tone,
      'Each question below was raised by a specific gap: a volume without a page limit, an undefined acronym, a date that disagrees with the notice, an unweighted evaluation factor, or open-ended wording in a mandatory requirement. Asking early protects the price and the compliance of the response, and answers bind every offeror once issued as an amendment.',
    ),
  );

  out.push('## Questions', '');
  if (questions.length > 0) {
    out.push(
      phrase(
        tone,
        'Each question names the gap and the requirements that raised it; edit before sending and drop any your team can answer itself.',
        'The following questions are respectfully submitted for clarification. Each identifies the provision from which it arises.',
      ),
      '',
    );
  }
  if (questions.length === 0) {
    out.push(
      'No ambiguities were detected in the available information. Review the solicitation for issues specific to your solution before the question deadline.',
      '',
    );
    return out.join('\n');
  }
  questions.forEach((q, i) => {
    const lead = phrase(
      tone,
      q.text,
      q.text
        .replace(/^Is there\b/, 'We respectfully ask whether there is')
        .replace(/^Please\b/, 'We respectfully request that the Government'),
    );
    out.push(`${i + 1}. **${q.topic}.** ${lead}`);
    out.push(`   _Raised by: ${q.raisedBy.length ? citeAll(q.raisedBy, 5) : 'the notice metadata'}_`);
  });
  out.push('');
  return out.join('\n');
}

/**
 * Text cut at a page break or a column: it starts in the middle of a sentence (lower case, or a
 * joining word) or is a few words without a verb-like ending. Quoting it back to the Contracting
 * Officer reads as nonsense.
 */
export function isFragment(text: string): boolean {
  const t = text.trim().replace(/^(?:[-•*]|\(?[a-z0-9]{1,3}[.)])\s+/i, '');
  if (/^[a-z]/.test(t) && !/^(?:e\.g\.|i\.e\.)/.test(t)) return true;
  if (/^(?:and|or|but|nor|of|to|with|for|by|in|on|at|which|that|who|whose|than)\b/i.test(t)) return true;
  return t.split(/\s+/).length < 4 && !/[.!?:]$/.test(t);
}

function findQuestions(ctx: GeneratorContext): Question[] {
  const { opportunity: o, requirements: reqs } = ctx;
  const qs: Question[] = [];
  const instr = reqs.filter((r) => r.section === 'L' || r.section === 'other');
  const m = reqs.filter((r) => r.section === 'M');
  const description = clean(o.description);

  // Page limits: per volume that Section L mentions, unless a limit covers the whole response.
  if (instr.length > 0) {
    const s = proposalStructure(reqs);
    const general = s.generalRules.filter((r) => PAGE_LIMIT.test(r.text));
    if (general.length === 0) {
      // Oral presentations are limited in minutes, not pages.
      const mentioned = s.volumes.filter((v) => v.kind !== 'admin' && v.kind !== 'oral' && v.mentions.length > 0);
      for (const v of mentioned) {
        if (v.rules.some((r) => PAGE_LIMIT.test(r.text))) continue;
        qs.push({
          topic: `Page limit for ${v.numeral ? '' : 'the '}${volumeLabel(v)}`,
          text: `Section L describes this part of the response but no page limit was found for it. Is there a page limit, and do the cover page, table of contents, resumes and attachments count toward it?`,
          raisedBy: v.mentions.slice(0, 4),
        });
      }
      if (mentioned.length === 0 && matching(instr, PAGE_LIMIT).length === 0) {
        const anchor = matching(instr, /\b(propos\w+|quot\w+|offers?|responses?|submi\w+)\b/i);
        qs.push({
          topic: 'Page limit',
          text: 'No page limit was found in the instructions. Is there a page limit for the proposal or any part of it, and what is excluded from the count?',
          raisedBy: (anchor.length ? anchor : instr).slice(0, 3),
        });
      }
    }
    if (matching(instr, FORMAT_RULE).length === 0) {
      const anchor = matching(instr, SUBMIT_ACTION);
      qs.push({
        topic: 'Format rules',
        text: 'No font, margin, page size or file format rules were found. Please state the required font and size, margins, page size, and the accepted file formats (e.g. searchable PDF, Excel for price).',
        raisedBy: (anchor.length ? anchor : instr).slice(0, 3),
      });
    }
    if (matching(instr, SUBMIT_WHERE).length === 0 && (o.contacts ?? []).every((c) => !clean(c?.email))) {
      qs.push({
        topic: 'Submission method',
        text: 'The instructions do not say where or how to submit. Please confirm the submission method (portal, email address) and any file size limits.',
        raisedBy: matching(instr, SUBMIT_ACTION).slice(0, 3),
      });
    }
  }

  // Undefined acronyms: not one the solicitation spells out anywhere (its glossary, learned from
  // its whole text), not one with a standard meaning, and quoted only from a whole sentence.
  const defined = ctx.glossary ?? new Map<string, string>();
  const acronyms = undefinedAcronyms(reqs, description).filter((a) => !isKnownAcronym(a.acronym, defined) && !isStandardAcronym(a.acronym));
  for (const a of acronyms.slice(0, 6)) {
    const source = a.reqs.find((r) => !isFragment(r.text));
    qs.push({
      topic: `Undefined term "${a.acronym}"`,
      text: `"${a.acronym}" is used without being spelled out. Please define it${source ? `, as used in "${clip(source.text, 120).replace(/[.:;]$/, '')}" (${source.requirement_id}${source.page ? `, page ${source.page}` : ''})` : ''}.`,
      raisedBy: a.reqs.slice(0, 3),
    });
  }
  if (acronyms.length > 6) {
    const rest = acronyms.slice(6, 16);
    qs.push({
      topic: 'Other undefined acronyms',
      text: `Please also define: ${rest.map((a) => `"${a.acronym}"`).join(', ')}.`,
      raisedBy: rest.flatMap((a) => a.reqs.slice(0, 1)),
    });
  }

  // Dates.
  const due = o.response_date?.slice(0, 10) ?? null;
  const { response } = deadlines(instr);
  const textDates = [...new Set(response.map((d) => d.date.iso))];
  const conflicting = response.filter((d) => due !== null && d.date.iso !== due);
  if (conflicting.length > 0) {
    const dates = [...new Set(conflicting.map((d) => formatDate(d.date.iso)))];
    qs.push({
      topic: 'Conflicting due dates',
      text: `The notice gives ${formatDate(due)} as the response date, but the solicitation text states ${dates.join(' and ')}. Which date governs, and at what time and time zone?`,
      raisedBy: conflicting.map((d) => d.req),
    });
  } else if (due === null && textDates.length > 1) {
    qs.push({
      topic: 'Multiple due dates',
      text: `The text states more than one response deadline (${textDates.map(formatDate).join(', ')}). Which one applies to the proposal?`,
      raisedBy: response.map((d) => d.req),
    });
  } else if (due === null && textDates.length === 0) {
    qs.push({
      topic: 'Response date',
      text: 'No response date was found in the notice or the solicitation text. Please confirm the date, time and time zone for responses.',
      raisedBy: [],
    });
  }

  // Evaluation.
  if (m.length > 0) {
    const factors = evaluationFactors(m);
    if (factors.length > 1 && matching(m, IMPORTANCE).length === 0) {
      qs.push({
        topic: 'Relative importance of evaluation factors',
        text: `The evaluation lists ${factors.length} factors (${factors.map((f) => f.name).join('; ')}) without their relative importance. Please state their order of importance and how non-price factors compare with price.`,
        raisedBy: factors.flatMap((f) => f.reqs.slice(0, 1)),
      });
    }
  } else if (instr.length > 0) {
    qs.push({
      topic: 'Evaluation criteria',
      text: 'No evaluation factors or basis for award were found. Please state the factors, their relative importance, and whether award is best value trade-off or lowest price technically acceptable.',
      raisedBy: instr.slice(0, 2),
    });
  }

  // Vague wording in mandatory requirements.
  // Evaluation prose is not priced or performed, so only instructions and work are checked.
  // A page-break fragment ("and shall be delivered within …") is no basis for a question.
  const vague = reqs.filter((r) => r.must_or_should === 'must' && r.section !== 'M' && VAGUE.test(r.text) && !isFragment(r.text));
  for (const r of vague.slice(0, 6)) {
    const word = (VAGUE.exec(r.text)?.[0] ?? '').toLowerCase();
    const follow = VAGUE_QUESTION[word];
    if (!follow) continue;
    qs.push({ topic: `Open-ended wording ("${word}")`, text: `"${clip(r.text, 160).replace(/[.:;]$/, '')}": ${follow}`, raisedBy: [r] });
  }

  // Wage determination for labor-heavy services and construction.
  const everything = [description, ...reqs.map((r) => r.text)].join('\n');
  const laborReqs = matching(
    reqs.filter((r) => r.section === 'C'),
    LABOR_SCOPE,
  );
  const laborNaics = /^(23|56|811|4884|485|488)/.test(clean(o.naics));
  if ((laborReqs.length > 0 || laborNaics || LABOR_SCOPE.test(description)) && !WAGE_DETERMINATION.test(everything)) {
    qs.push({
      topic: 'Wage determination',
      text: 'The work appears to be covered by the Service Contract Act or Davis-Bacon, but no wage determination was found. Please provide the applicable wage determination(s) and their revision numbers.',
      raisedBy: laborReqs.slice(0, 3),
    });
  }

  // Place of performance.
  if (!clean(o.place_of_performance) && !PLACE_OF_PERFORMANCE.test(everything)) {
    qs.push({
      topic: 'Place of performance',
      text: 'No place of performance was found. Where will the work be performed (Government site, contractor site, remote), and is travel expected?',
      raisedBy: reqs.filter((r) => r.section === 'C').slice(0, 2),
    });
  }
  return qs;
}
