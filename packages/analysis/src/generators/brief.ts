/**
 * Executive Brief: what a capture lead reads to decide whether to bid. Built from the notice
 * metadata alone when no solicitation was uploaded, and from the extracted requirements when it was.
 */
import type { Requirement } from '../types';
import {
  AWARD_BASIS,
  COPIES,
  deadlines,
  FACTOR_NAME,
  FORMAT_RULE,
  hits,
  IMPORTANCE,
  matching,
  PAGE_LIMIT,
  SUBMIT_ACTION,
  SUBMIT_WHERE,
  VALIDITY,
} from './cues';
import { agencyLabel, hasSetAside, isSoleSource, scopeSentences, setAsideLabel } from './facts';
import {
  byImportance,
  citeAll,
  clean,
  clip,
  daysLabel,
  daysUntil,
  detail,
  formatDate,
  formatDay,
  formatDeadline,
  phrase,
  plural,
  quoteLine,
  table,
  titleLine,
} from './format';
import { topicOf } from './structure';
import type { GeneratorContext } from './types';

export function executiveBrief(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone, now, formDue } = ctx;
  // The form's due date beats the notice's: it is what the agency wrote on the solicitation itself.
  const days = daysUntil(formDue ? formDue.at : o.response_date, now);
  const out: string[] = [titleLine('Executive Brief', o.title, o.solicitation_number), ''];
  out.push(
    phrase(
      tone,
      `Prepared ${formatDay(now)} from the notice${reqs.length ? ` and ${plural(reqs.length, 'requirement')} extracted from the solicitation` : ''}.`,
      `This brief was prepared on ${formatDay(now)} on the basis of the notice${reqs.length ? ` and ${plural(reqs.length, 'requirement')} extracted from the solicitation document` : ''}.`,
    ),
    '',
  );

  // Snapshot -----------------------------------------------------------------------------------
  const contact = (o.contacts ?? []).find((c) => c && (c.name || c.email || c.phone));
  out.push('## Opportunity Snapshot', '');
  out.push(
    ...table(
      ['Field', 'Value'],
      [
        ['Agency', agencyLabel(o)],
        ['Office', clean(o.office)],
        ['Solicitation No.', clean(o.solicitation_number)],
        ...(o.notice_type ? [['Notice Type', clean(o.notice_type)]] : []),
        ['NAICS', clean(o.naics)],
        ['PSC', clean(o.psc)],
        ['Set-Aside', setAsideLabel(o)],
        ...(o.place_of_performance ? [['Place of Performance', clean(o.place_of_performance)]] : []),
        ['Posted', formatDate(o.posted_date)],
        ...dueRows(ctx),
        ['Days Remaining', daysLabel(days)],
        ...(contact
          ? [
              [
                'Point of Contact',
                [contact.name, contact.email, contact.phone]
                  .map((x) => clean(x))
                  .filter(Boolean)
                  .join(', '),
              ],
            ]
          : []),
      ],
    ),
    '',
  );

  // Scope --------------------------------------------------------------------------------------
  out.push('## Scope Summary', '');
  const scope = scopeSentences(o.description);
  const work = byImportance(reqs.filter((r) => r.section === 'C' && r.must_or_should === 'must')).slice(0, 3);
  if (scope.length > 0) out.push(scope.join(' '), '');
  else out.push('The notice has no usable description.', '');
  if (work.length > 0) {
    out.push(
      `From the statement of work (${plural(reqs.filter((r) => r.section === 'C').length, 'requirement')}):`,
      '',
      ...work.map((r) => quoteLine(r, 200)),
      '',
    );
  } else if (scope.length === 0) {
    out.push('Read the attached solicitation documents for the scope, or upload the solicitation PDF to extract it.', '');
  }
  out.push(
    ...detail(
      tone,
      'The scope summary quotes the notice and the statement of work; it is not a paraphrase, so it can be checked line by line against the source.',
    ),
  );

  // Key requirements ---------------------------------------------------------------------------
  out.push('## Key Requirements', '');
  const key = keyRequirements(reqs);
  if (key.length === 0) {
    out.push(
      reqs.length === 0
        ? 'No requirements extracted: upload the solicitation PDF to list the mandatory items with their ids and pages.'
        : 'No mandatory requirements were found; every extracted item is advisory.',
      '',
    );
  } else {
    out.push(
      phrase(
        tone,
        'The heaviest mandatory items (weight, then document order):',
        'The following mandatory requirements carry the greatest weight:',
      ),
      '',
      ...key.map((r) => `${quoteLine(r)}${r.weight >= 2 ? ` _(weight ${r.weight})_` : ''}`),
      '',
    );
  }

  // Evaluation ---------------------------------------------------------------------------------
  out.push('## Evaluation Approach', '');
  const m = reqs.filter((r) => r.section === 'M');
  if (m.length === 0) {
    out.push(
      reqs.length === 0
        ? 'Unknown until the solicitation is uploaded: the notice does not state the evaluation factors.'
        : 'No Section M evaluation criteria were extracted. Check whether the solicitation states the basis for award elsewhere (for example in the instructions or a separate evaluation attachment).',
      '',
    );
  } else {
    const factors = evaluationFactors(m);
    out.push(`Factors (${factors.length}):`, '', ...factors.map((f) => `- ${f.name} ${citeAll(f.reqs, 3)}`), '');
    const importance = matching(m, IMPORTANCE)
      .concat(matching(m, AWARD_BASIS))
      .filter((r, i, a) => a.indexOf(r) === i);
    if (importance.length > 0) {
      out.push('Relative importance and basis for award, as stated:', '', ...importance.slice(0, 5).map((r) => quoteLine(r, 260)), '');
    } else {
      out.push('The relative importance of the factors is not stated: a question for the contracting officer (see the RFI document).', '');
    }
  }
  out.push(
    ...detail(
      tone,
      'Knowing which factor matters most decides where the page budget and the best evidence go; price-only or LPTA evaluations reward a lean, compliant response over a persuasive one.',
    ),
  );

  // Logistics ----------------------------------------------------------------------------------
  out.push('## Submission Logistics', '');
  out.push(...logistics(ctx), '');

  // Risks --------------------------------------------------------------------------------------
  out.push('## Risks and Flags', '');
  out.push(...risks(ctx, days).map((r) => `- ${r}`), '');
  out.push(
    ...detail(
      tone,
      'Flags are drawn from the dates, the set-aside and the requirement texts; each is a reason to check before committing bid and proposal effort, not a verdict.',
    ),
  );

  // Bid / no-bid -------------------------------------------------------------------------------
  out.push('## Bid/No-Bid Checklist', '');
  out.push(...bidChecklist(ctx, days).map((c) => `- [ ] ${c}`), '');
  return out.join('\n');
}

/**
 * The heaviest musts, at most three per section so evaluation criteria do not crowd out the
 * instructions and the work; lead-ins ("the following factors:") and bare list fragments say too
 * little on their own.
 */
function keyRequirements(reqs: Requirement[]): Requirement[] {
  const perSection = new Map<string, number>();
  const out: Requirement[] = [];
  for (const r of byImportance(reqs.filter((x) => x.must_or_should === 'must'))) {
    const t = clean(r.text);
    // Table rows (dates, deliverables) are shown under logistics instead.
    if (t.endsWith(':') || t.includes(' | ') || t.split(/\s+/).length < 5) continue;
    const n = perSection.get(r.section) ?? 0;
    if (n >= 3) continue;
    perSection.set(r.section, n + 1);
    out.push(r);
    if (out.length >= 8) break;
  }
  return out;
}

interface Factor {
  name: string;
  reqs: Requirement[];
}

/** Named factors ("Factor 1 - Technical Approach") when the text numbers them; topics otherwise. */
export function evaluationFactors(m: Requirement[]): Factor[] {
  const named = new Map<string, Factor>();
  for (const r of m) {
    const f = FACTOR_NAME.exec(r.text);
    if (!f || f[1] || !f[3]) continue;
    const name = `Factor ${f[2]}: ${clean(f[3]).replace(/\s+(is|are|shall|will|has|and)\b.*$/i, '')}`;
    const key = f[2].toUpperCase();
    const found = [...named.values()].find((x) => x.name.startsWith(`Factor ${key}:`));
    if (found) found.reqs.push(r);
    else named.set(name, { name, reqs: [r] });
  }
  if (named.size > 0) return [...named.values()];
  const byTopic = new Map<string, Factor>();
  let last: string | null = null;
  for (const r of m) {
    const t = topicOf(r.text);
    // A criterion with no topic of its own continues the one listed before it.
    const name: string = t.kind !== 'admin' ? t.title : (last ?? 'General evaluation criteria');
    last = name;
    const f = byTopic.get(name) ?? { name, reqs: [] };
    f.reqs.push(r);
    byTopic.set(name, f);
  }
  return [...byTopic.values()];
}

/** The Response Due rows: the form's date with its source, and the notice's beside it when they differ. */
function dueRows({ opportunity: o, formDue }: GeneratorContext): string[][] {
  if (!formDue) return [['Response Due', formatDeadline(o.response_date)]];
  const rows = [['Response Due', `${formDue.text} (${formDue.source})`]];
  if (formDue.noticeDiffers) rows.push(['Response Due (SAM.gov notice)', `${formDue.noticeDiffers}: differs from the solicitation form`]);
  return rows;
}

function logistics(ctx: GeneratorContext): string[] {
  const { opportunity: o, requirements: reqs, formDue } = ctx;
  const lines: string[] = [];
  const instr = reqs.filter((r) => r.section !== 'C' && r.section !== 'M');
  lines.push(`- **Due:** ${formDue ? `${formDue.text} (${formDue.source})` : formatDeadline(o.response_date)}`);
  if (formDue?.noticeDiffers) lines.push(`- **Due per the SAM.gov notice:** ${formDue.noticeDiffers} (differs from the solicitation form)`);
  const { questions, response } = deadlines(reqs);
  const due = formDue ? formDue.at.slice(0, 10) : o.response_date?.slice(0, 10);
  const textDue = response.filter((d) => d.date.iso !== due);
  if (textDue.length > 0) {
    lines.push(
      `- **Deadlines stated in the text:** ${textDue.map((d) => `${formatDate(d.date.iso)} [${d.req.requirement_id}]`).join('; ')}`,
    );
  }
  if (questions.length > 0) {
    lines.push(`- **Questions due:** ${questions.map((d) => `${formatDate(d.date.iso)} [${d.req.requirement_id}]`).join('; ')}`);
  }
  const where = hits(instr, SUBMIT_WHERE).filter((h) => SUBMIT_ACTION.test(h.req.text));
  if (where.length > 0) {
    lines.push(
      `- **Where to submit:** ${where
        .slice(0, 4)
        .map((h) => `${clip(h.match, 60)} [${h.req.requirement_id}]`)
        .join('; ')}`,
    );
  }
  for (const [label, re] of [
    ['Page limits', PAGE_LIMIT],
    ['Format', FORMAT_RULE],
    ['Copies', COPIES],
    ['Offer validity', VALIDITY],
  ] as const) {
    const found = matching(instr, re);
    if (found.length > 0)
      lines.push(
        `- **${label}:** ${found
          .slice(0, 4)
          .map((r) => `${clip(r.text, 140)} [${r.requirement_id}]`)
          .join('; ')}`,
      );
  }
  if (lines.length === 1) {
    lines.push(
      reqs.length === 0
        ? '- Page limits, format rules and the submission method are in the solicitation document, which has not been uploaded.'
        : '- No page limits, format rules or submission method were found in the extracted instructions; check Section L directly.',
    );
  }
  const emails = (o.contacts ?? []).map((c) => clean(c?.email)).filter(Boolean);
  if (emails.length > 0 && where.length === 0) lines.push(`- **Contracting contact:** ${emails.join(', ')}`);
  return lines;
}

function risks(ctx: GeneratorContext, days: number | null): string[] {
  const { opportunity: o, requirements: reqs, formDue } = ctx;
  const out: string[] = [];
  if (formDue?.noticeDiffers) {
    out.push(
      `**Due dates disagree:** the solicitation form (${formDue.source}) gives ${formDue.text}, the SAM.gov notice ${formDue.noticeDiffers}. An amendment may have moved the date: confirm with the contracting officer.`,
    );
  }
  if (days === null) out.push('**No response date** on the notice: confirm the deadline before planning.');
  else if (days < 0)
    out.push(
      `**Response date has passed** (${formDue ? formDue.text : formatDate(o.response_date)}): only bid if an amendment extended it.`,
    );
  else if (days <= 7)
    out.push(`**Short time to respond:** ${daysLabel(days)} left. A compliant response needs writers and pricing assigned today.`);
  else if (days <= 14) out.push(`**Tight schedule:** ${daysLabel(days)} left; plan a single review cycle.`);
  if (reqs.length === 0) {
    out.push(
      '**No solicitation PDF uploaded:** everything above comes from the notice metadata and description only. Upload the solicitation to extract requirements, evaluation factors and submission rules.',
    );
  }
  if (!clean(o.description)) out.push('**No description on the notice:** the scope is unknown without the attachments.');
  if (hasSetAside(o)) {
    out.push(
      `**Set-aside eligibility:** ${setAsideLabel(o)}. Confirm your firm qualifies${o.naics ? ` and is small under the size standard for NAICS ${clean(o.naics)}` : ''} before investing in a response.`,
    );
    if (isSoleSource(o))
      out.push(
        '**Sole-source set-aside:** the award is likely intended for a specific firm; bid only if you are that firm or can show the agency otherwise.',
      );
  }
  const kp = matching(reqs, /\bkey personnel\b/i);
  if (kp.length > 0) out.push(`**Key personnel** are required ${citeAll(kp, 3)}: named people must be available and committed.`);
  const oral = matching(reqs, /\b(oral|verbal) presentations?\b/i);
  if (oral.length > 0)
    out.push(`**Oral/verbal presentation** ${citeAll(oral, 3)}: rehearsal time and the presenters' availability are part of the cost.`);
  const clearance = matching(reqs, /\b(security clearance|secret|top secret|TS\/SCI|facility clearance|FCL)\b/i);
  if (clearance.length > 0) out.push(`**Clearances** ${citeAll(clearance, 3)}: check facility and personnel clearance levels.`);
  const musts = reqs.filter((r) => r.must_or_should === 'must').length;
  if (musts >= 60) out.push(`**Large compliance load:** ${musts} mandatory requirements to trace.`);
  if (out.length === 0) out.push('No specific risks detected from the available information.');
  return out;
}

function bidChecklist(ctx: GeneratorContext, days: number | null): string[] {
  const { opportunity: o, requirements: reqs } = ctx;
  const items: string[] = [];
  if (hasSetAside(o)) items.push(`We are eligible for the set-aside (${setAsideLabel(o)})`);
  if (o.naics) items.push(`We meet the size standard for NAICS ${clean(o.naics)}, and it is in our SAM.gov registration`);
  items.push('Our SAM.gov registration is active');
  items.push(`The scope matches work we have done${o.agency ? `, ideally for ${clean(o.agency)} or a similar customer` : ''}`);
  const m = reqs.filter((r) => r.section === 'M');
  if (matching(m, /\b(past performance|experience|projects)\b/i).length > 0) {
    items.push(
      `We have relevant, recent past performance or project examples for the evaluation ${citeAll(matching(m, /\b(past performance|experience|projects)\b/i), 3)}`,
    );
  } else {
    items.push('We have relevant past performance to cite');
  }
  if (matching(reqs, /\bkey personnel\b/i).length > 0) items.push('Key personnel are identified and available');
  if (matching(reqs, /\b(price|pricing|rates?)\b/i).length > 0 || reqs.length === 0)
    items.push('We can price competitively and know the incumbent or likely competitors');
  items.push(
    days !== null && days >= 0
      ? `We can produce a compliant response in ${daysLabel(days)}`
      : 'We can meet the response deadline once it is confirmed',
  );
  if (matching(reqs, PAGE_LIMIT).length > 0) items.push(`The story fits the page limits ${citeAll(matching(reqs, PAGE_LIMIT), 3)}`);
  items.push('We have a realistic win theme that separates us from likely competitors');
  return items;
}
