/**
 * Compliance Checklist (workspace side): a task list the team ticks off while writing, grouped by
 * section with the mandatory items first.
 */
import { byImportance, clean, detail, formatDate, groupBySection, pageNote, phrase, SECTION_TITLE, titleLine } from './format';
import type { GeneratorContext } from './types';

export function complianceChecklist(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const out: string[] = [titleLine('Compliance Checklist', o.title, o.solicitation_number), ''];
  if (reqs.length === 0) {
    out.push(
      'No requirements have been extracted for this workspace yet. Upload the solicitation PDF in the RFP Analysis tab; each requirement it contains becomes a checklist item here.',
      '',
      '## Before submission (always applies)',
      '',
      `- [ ] Response received by the due date${o.response_date ? ` (${formatDate(o.response_date)})` : ''} through the method the notice specifies`,
      '- [ ] All amendments to the solicitation acknowledged',
      '- [ ] SAM.gov registration active for the submitting entity',
      '',
    );
    return out.join('\n');
  }
  const must = reqs.filter((r) => r.must_or_should === 'must').length;
  out.push(
    phrase(
      tone,
      `${reqs.length} items: ${must} must and ${reqs.length - must} should. Tick an item once the proposal answers it and a reviewer has checked it.`,
      `The checklist comprises ${reqs.length} items (${must} mandatory, ${reqs.length - must} advisory). An item shall be marked complete only once the proposal addresses it and a reviewer has verified it.`,
    ),
    '',
  );
  for (const [section, list] of groupBySection(reqs)) {
    const m = list.filter((r) => r.must_or_should === 'must').length;
    out.push(`## ${SECTION_TITLE[section]} (${list.length}: ${m} must)`, '');
    out.push(
      ...detail(
        tone,
        section === 'L'
          ? 'Instructions are pass/fail: a missed format rule or late delivery can make the proposal non-compliant before it is ever scored.'
          : section === 'M'
            ? 'Evaluation criteria are what the proposal is scored on: each should be answered explicitly, in the evaluators’ own words, with evidence.'
            : section === 'C'
              ? 'Work requirements become contract obligations: the technical volume should show how each will be performed.'
              : 'Requirements outside L, M and C (clauses, special requirements) still bind the offeror and are often checked at award.',
      ),
    );
    for (const r of byImportance(list)) {
      const flag = r.must_or_should === 'should' ? ' _(should)_' : r.weight >= 2 ? ` _(weight ${r.weight})_` : '';
      out.push(`- [ ] [${r.requirement_id}] ${clean(r.text)}${pageNote(r)}${flag}`);
    }
    out.push('');
  }
  return out.join('\n');
}
