/**
 * Response Template (RFP side): the proposal's skeleton in Section L's own volume order, each heading
 * listing the instructions it must answer, and a cross-reference from every Section M factor to
 * the place it is answered, so evaluators can find each factor where they expect it.
 */
import { citeAll, clip, detail, phrase, plural, table, titleLine } from './format';
import { responseOutline, type OutlineVolume } from './outline';
import { placeLabel, proposalStructure } from './structure';
import type { Requirement } from '../types';
import type { GeneratorContext } from './types';

export function responseTemplate(ctx: GeneratorContext): string {
  const { opportunity: o, requirements: reqs, tone } = ctx;
  const s = proposalStructure(reqs);
  const out: string[] = [titleLine('Response Template', o.title, o.solicitation_number), ''];

  if (reqs.length === 0) {
    out.push(
      '> No solicitation PDF uploaded: the structure below is the standard three-volume layout, not one derived from Section L. Upload the solicitation to get its volumes, headings, limits and evaluation cross-reference.',
      '',
    );
  } else if (s.fallback) {
    out.push(
      '> Section L names no proposal volumes, so the standard layout (I Technical, II Past Performance, III Price) is used; headings inside each volume still follow the instructions found.',
      '',
    );
  } else {
    out.push(
      phrase(
        tone,
        `Volumes and headings follow Section L in order. Keep these headings and their numbering so evaluators can trace each instruction.`,
        `The volumes and headings below follow the order prescribed in Section L. The headings and their numbering should be retained so that evaluators may trace each instruction.`,
      ),
      '',
    );
  }
  out.push(
    ...detail(
      tone,
      'Why the structure matters: evaluators score with a checklist built from Sections L and M. A response that mirrors L’s order and labels, and answers each M factor under a heading that names it, is faster to score and less likely to have a strength overlooked.',
    ),
  );

  if (s.generalRules.length > 0) {
    out.push('## Rules for the whole response', '', ...s.generalRules.map((r) => `- [${r.requirement_id}] ${clip(r.text, 220)}`), '');
  }

  const outline = responseOutline(reqs);
  outline.volumes.forEach((v, i) => out.push(...volumeSection(v, i + 1)));

  out.push('## Evaluation Cross-Reference', '');
  const m = reqs.filter((r) => r.section === 'M');
  if (m.length === 0) {
    out.push('No Section M evaluation factors were extracted, so there is nothing to cross-reference yet.', '');
  } else {
    out.push(
      ...table(
        ['M ID', 'Evaluation factor / criterion', 'Answered in'],
        m.map((r) => [r.requirement_id, clip(r.text, 180), placeLabel(s, r)]),
      ),
      '',
    );
  }
  return out.join('\n');
}

const ids = (list: Requirement[], max = 8) =>
  list.length
    ? `${list
        .slice(0, max)
        .map((r) => `${r.requirement_id}${r.page ? ` (p. ${r.page})` : ''}`)
        .join(', ')}${list.length > max ? ` +${list.length - max} more` : ''}`
    : '—';

function volumeSection(v: OutlineVolume, index: number): string[] {
  const out: string[] = [`## ${v.title}`, ''];
  if (v.pageLimit) out.push(`Page limit: ${v.pageLimit.pages} pages (${v.pageLimit.requirement_id}).`, '');
  if (v.sections.length > 0) {
    // The outline at a glance: what each heading answers, what it earns, its budget, who writes it.
    out.push(
      ...table(
        ['Section', 'Answers', 'Evaluated under', 'Page budget', 'Owner', 'Due'],
        v.sections.map((h) => [
          `${h.number} ${h.title}`,
          ids([...h.answers, ...h.work]),
          ids(h.factors, 4),
          h.pageBudget ?? '—',
          '(assign)',
          '(date)',
        ]),
      ),
      '',
    );
  }
  if (v.rules.length > 0) {
    out.push(
      'Rules for this volume (limits, format, delivery):',
      '',
      ...v.rules.map((r) => `- [${r.requirement_id}] ${clip(r.text, 200)}`),
      '',
    );
  }
  if (v.sections.length === 0) {
    out.push(
      /past performance/i.test(v.title)
        ? `### ${index}.1 Past Performance References`
        : /price/i.test(v.title)
          ? `### ${index}.1 Price Schedule and Narrative`
          : `### ${index}.1 ${v.title.replace(/^Volume [IVX]+: /, '').replace(/ Volume$/, '')} Approach`,
      '',
      'No instruction or evaluation criterion was mapped to this volume; follow the solicitation attachments for its content.',
      '',
    );
    return out;
  }
  for (const h of v.sections) {
    out.push(`### ${h.number} ${h.title}`, '');
    if (h.pageBudget) out.push(`Page budget: ${h.pageBudget}`, '');
    const l = h.answers;
    const c = h.work;
    const m = h.factors;
    if (l.length > 0)
      out.push('Must answer:', '', ...l.map((r) => `- [${r.requirement_id}] ${clip(r.text, 200)}${r.page ? ` (p. ${r.page})` : ''}`), '');
    if (c.length > 0) {
      const musts = c.filter((r) => r.must_or_should === 'must');
      out.push(`Work to describe (${plural(c.length, 'statement-of-work requirement')}, ${musts.length} must): ${citeAll(c, 12)}`, '');
    }
    if (m.length > 0) out.push(`Evaluated under: ${m.map((r) => `[${r.requirement_id}] ${clip(r.text, 90)}`).join('; ')}`, '');
  }
  return out;
}
