/**
 * Requirements Analysis (workspace side): the extracted requirements organised for a proposal
 * team: counts, weights, recurring themes, and every requirement by section with musts first.
 */
import { AWARD_BASIS, FORMAT_RULE, IMPORTANCE, matching, PAGE_LIMIT, VAGUE } from './cues';
import { byImportance, citeAll, clip, detail, groupBySection, pageNote, phrase, plural, SECTION_TITLE, table, titleLine } from './format';
import { topThemes } from './themes';
import type { GeneratorContext } from './types';

const SECTION_PURPOSE = {
  L: 'How the response must be prepared and delivered. These are pass/fail: a miss can exclude the proposal before scoring.',
  M: 'What the evaluators score. Answer each explicitly and with evidence; weights show where the score is won.',
  C: 'The work itself. Each becomes a contract obligation, and the technical volume should show how it is performed.',
  other: 'Clauses and special requirements outside L, M and C. They bind the contractor and are often checked at award.',
} as const;

export function requirementsAnalysis(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const out: string[] = [titleLine('Requirements Analysis', o.title, o.solicitation_number), ''];
  if (reqs.length === 0) {
    out.push(
      'No requirements have been extracted for this workspace. Upload the solicitation PDF in the RFP Analysis tab: requirements are read from Sections L, M and C (or their quote-request equivalents) with their page, must/should and weight, and this analysis is rebuilt from them.',
      '',
    );
    return out.join('\n');
  }

  const must = reqs.filter((r) => r.must_or_should === 'must');
  const heavy = reqs.filter((r) => r.weight >= 2);
  out.push(
    phrase(
      tone,
      `${plural(reqs.length, 'requirement')}: ${must.length} must, ${reqs.length - must.length} should; ${heavy.length} carry extra weight.`,
      `The solicitation contains ${plural(reqs.length, 'requirement')}, of which ${must.length} are mandatory and ${reqs.length - must.length} advisory; ${heavy.length} carry additional weight.`,
    ),
    '',
    '## Overview',
    '',
    ...table(
      ['Section', 'Must', 'Should', 'Total', 'Total weight', 'Pages'],
      groupBySection(reqs).map(([s, list]) => {
        const m = list.filter((r) => r.must_or_should === 'must').length;
        const pages = list.map((r) => r.page).filter((p): p is number => p !== null);
        const range = pages.length
          ? Math.min(...pages) === Math.max(...pages)
            ? `${pages[0]}`
            : `${Math.min(...pages)}-${Math.max(...pages)}`
          : 'N/A';
        return [
          SECTION_TITLE[s],
          String(m),
          String(list.length - m),
          String(list.length),
          String(list.reduce((a, r) => a + r.weight, 0)),
          range,
        ];
      }),
    ),
    '',
  );

  const themes = topThemes(reqs);
  out.push('## Top Themes', '');
  if (themes.phrases.length === 0 && themes.words.length === 0) {
    out.push('Too few requirements share terms to show themes.', '');
  } else {
    if (themes.phrases.length > 0) out.push(...themes.phrases.map((t) => `- **${t.term}** (${t.count}): ${citeAll(t.reqs, 4)}`));
    if (themes.words.length > 0) out.push(`- Frequent words: ${themes.words.map((t) => `${t.term} (${t.count})`).join(', ')}`);
    out.push('');
  }
  out.push(
    ...detail(
      tone,
      'Themes count how many requirements use a term. Mirroring these terms in headings and topic sentences makes the response easy to score against the solicitation.',
    ),
  );

  out.push('## Observations', '');
  const obs: string[] = [];
  const pageRules = matching(reqs, PAGE_LIMIT);
  const formatRules = matching(reqs, FORMAT_RULE);
  obs.push(pageRules.length ? `Page limits stated in ${citeAll(pageRules, 4)}.` : 'No page limit found in the extracted text.');
  obs.push(
    formatRules.length ? `Format rules stated in ${citeAll(formatRules, 4)}.` : 'No font or format rules found in the extracted text.',
  );
  const m = reqs.filter((r) => r.section === 'M');
  if (m.length) {
    const imp = matching(m, IMPORTANCE)
      .concat(matching(m, AWARD_BASIS))
      .filter((r, i, a) => a.indexOf(r) === i);
    obs.push(
      imp.length
        ? `Relative importance / basis for award: ${citeAll(imp, 4)}.`
        : 'Evaluation factors are listed without relative importance.',
    );
  } else {
    obs.push('No Section M evaluation criteria were extracted.');
  }
  const vague = reqs.filter((r) => r.must_or_should === 'must' && VAGUE.test(r.text));
  if (vague.length)
    obs.push(`Open-ended wording ("as needed", "TBD", "etc.") in mandatory items ${citeAll(vague, 5)}: candidates for RFI questions.`);
  if (heavy.length) obs.push(`Highest weight: ${citeAll(byImportance(heavy), 6)}.`);
  out.push(...obs.map((x) => `- ${x}`), '');

  for (const [section, list] of groupBySection(reqs)) {
    const ms = list.filter((r) => r.must_or_should === 'must');
    out.push(`## ${SECTION_TITLE[section]}`, '');
    out.push(
      `${plural(list.length, 'requirement')} (${ms.length} must, ${list.length - ms.length} should). ${SECTION_PURPOSE[section]}`,
      '',
    );
    out.push(
      ...detail(
        tone,
        `Listed musts first, then by weight, then in document order. Page numbers point to where each starts in the solicitation.`,
      ),
    );
    const ordered = byImportance(list);
    const mustList = ordered.filter((r) => r.must_or_should === 'must');
    const shouldList = ordered.filter((r) => r.must_or_should === 'should');
    if (mustList.length)
      out.push(
        '**Must**',
        '',
        ...mustList.map(
          (r) => `- **[${r.requirement_id}]**${pageNote(r)} ${clip(r.text, 300)}${r.weight > 1 ? ` _(weight ${r.weight})_` : ''}`,
        ),
        '',
      );
    if (shouldList.length)
      out.push(
        '**Should**',
        '',
        ...shouldList.map(
          (r) => `- **[${r.requirement_id}]**${pageNote(r)} ${clip(r.text, 300)}${r.weight > 1 ? ` _(weight ${r.weight})_` : ''}`,
        ),
        '',
      );
  }
  return out.join('\n');
}
