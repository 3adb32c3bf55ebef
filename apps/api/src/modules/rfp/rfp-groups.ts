import type { Requirement } from '@biddesk/analysis';
import { proposalStructure, volumeLabel } from '@biddesk/analysis/generators/structure';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, plural } from '@biddesk/shared';
import type { StoredRequirement } from '../../db/schema/index';
import { LEAD_IN_TEXT, leadInPhrase } from './rfp-task-title';

/** A task to be made: its title, description and the requirements it carries. */
export interface PlannedTask {
  title: string;
  description: string;
  requirementIds: string[];
}

const TITLE_TEXT = 90;

/** Cuts text to about `max` characters at a word boundary, with an ellipsis when cut. */
export function cutAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const withPage = (r: StoredRequirement) => (r.page ? `${r.text} (page ${r.page})` : r.text);
// A list item is read after its shortened lead-in (rfp-task-title.ts); anything else alone.
const leadInPrefix = (r: StoredRequirement) => {
  const phrase = r.lead_in ? leadInPhrase(r.lead_in) : '';
  return phrase ? `${cutAtWord(phrase, LEAD_IN_TEXT)}: ` : '';
};

/**
 * One task per requirement: "L.3: <text cut near 90 characters>", or for a list item
 * "C-4: The contractor shall deliver: Monthly status report"; the full text (under its whole
 * lead-in) and page below.
 */
export function perRequirement(selected: StoredRequirement[]): PlannedTask[] {
  return selected.map((r) => ({
    title: cutAtWord(`${r.requirement_id}: ${leadInPrefix(r)}${cutAtWord(r.text, TITLE_TEXT)}`, TASK_TITLE_MAX),
    description: cutAtWord(r.lead_in ? `${r.lead_in} ${withPage(r)}` : withPage(r), TASK_DESCRIPTION_MAX),
    requirementIds: [r.requirement_id],
  }));
}

const count = (n: number) => plural(n, 'requirement');

/**
 * One task per group, using the engine's proposal structure (the one the compliance matrix and
 * proposal template use): Section L requirements by the proposal volume they belong to, Section M
 * by the evaluation factor heading they fall under, anything else (C, other) by its section letter.
 * The structure is built from ALL the solicitation's requirements so a volume is recognised even
 * when only some of its requirements are selected.
 */
export function perSection(all: StoredRequirement[], selected: StoredRequirement[]): PlannedTask[] {
  const structure = proposalStructure(all as Requirement[]);
  const wanted = new Set(selected.map((r) => r.requirement_id));
  const groups = new Map<string, { label: string; reqs: StoredRequirement[] }>();
  for (const r of all) {
    if (!wanted.has(r.requirement_id)) continue;
    const place = structure.placement.get(r as Requirement);
    let key: string;
    let label: string;
    if (r.section === 'L') {
      label = `Section L — ${place?.volume ? volumeLabel(place.volume) : 'All volumes (format and submission rules)'}`;
      key = label;
    } else if (r.section === 'M') {
      label = `Section M — ${place?.heading?.title ?? 'Evaluation factors'}`;
      key = label;
    } else {
      label = r.section === 'other' ? 'Other requirements' : `Section ${r.section}`;
      key = label;
    }
    const group = groups.get(key) ?? { label, reqs: [] };
    group.reqs.push(r);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ label, reqs }) => ({
    title: cutAtWord(`${label} (${count(reqs.length)})`, TASK_TITLE_MAX),
    description: cutAtWord(reqs.map((r) => `${r.requirement_id}: ${leadInPrefix(r)}${withPage(r)}`).join('\n'), TASK_DESCRIPTION_MAX),
    requirementIds: reqs.map((r) => r.requirement_id),
  }));
}
