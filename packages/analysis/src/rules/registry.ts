import { EVALUATION_RULES } from './evaluation';
import { EXCLUSION_RULES } from './exclusions';
import { FRAGMENT_RULES } from './fragments';
import { IMPERATIVE_RULES } from './imperatives';
import { LIMIT_RULES } from './limits';
import { LIST_RULES } from './lists';
import { MODAL_RULES } from './modals';
import { modalFinding } from './modal';
import { titleOnly } from './titles';
import { OBLIGATION_RULES } from './obligations';
import { TABLE_RULES } from './tables';
import { TITLE_RULES } from './titles';
import type { ModalFinding, Rule, Stage, UnitContext, UnitFacts, Verdict } from './types';

/**
 * The registry: every rule of the engine, and the walk that applies them. Within a stage the rule
 * with the lowest priority that decides wins; precedence is the `priority` numbers, not code order.
 */
export const RULES: readonly Rule[] = [
  ...TABLE_RULES,
  ...TITLE_RULES,
  ...FRAGMENT_RULES,
  ...EXCLUSION_RULES,
  ...EVALUATION_RULES,
  ...IMPERATIVE_RULES,
  ...MODAL_RULES,
  ...OBLIGATION_RULES,
  ...LIMIT_RULES,
  ...LIST_RULES,
];

const STAGES: readonly Stage[] = ['unit', 'cue', 'context'];

/** The rules of each stage in the order they are tried. */
export const RULES_BY_STAGE: Readonly<Record<Stage, readonly Rule[]>> = Object.fromEntries(
  STAGES.map((stage) => [stage, RULES.filter((r) => r.stage === stage).sort((a, b) => a.priority - b.priority)]),
) as unknown as Record<Stage, readonly Rule[]>;

const NONE: Verdict = { level: 'none', cue: null, rules: [] };

function checkRegistry(): void {
  const ids = new Set<string>();
  for (const r of RULES) {
    if (ids.has(r.id)) throw new Error(`Duplicate rule id ${r.id}`);
    ids.add(r.id);
  }
  for (const stage of STAGES) {
    const seen = new Map<number, string>();
    for (const r of RULES_BY_STAGE[stage]) {
      // Two rules at one priority would make precedence depend on file order again.
      if (seen.has(r.priority)) throw new Error(`Rules ${seen.get(r.priority)} and ${r.id} share priority ${r.priority} in stage ${stage}`);
      seen.set(r.priority, r.id);
    }
  }
}
checkRegistry();

/** The first decision of a stage's rules, with the deciding rule's id first in `rules`; null if none decides. */
export function walkStage(stage: Stage, facts: UnitFacts): { verdict: Verdict; rule: Rule } | null {
  for (const rule of RULES_BY_STAGE[stage]) {
    const v = rule.decide(facts);
    if (!v) continue;
    // A rule that passes the cue stage's verdict through keeps that verdict's own basis.
    if (stage !== 'cue' && v === facts.own) return { verdict: v, rule };
    return { verdict: { level: v.level, cue: v.cue, rules: [rule.id, ...(v.rules ?? [])] }, rule };
  }
  return null;
}

/** Lazily computed stage results for one unit. */
export function unitFacts(text: string, ctx: UnitContext): UnitFacts {
  let modal: ModalFinding | undefined;
  let own: Verdict | undefined;
  let title: boolean | undefined;
  const facts: UnitFacts = {
    text,
    ctx,
    get modal() {
      if (!modal) {
        // A modal inside parentheses qualifies the sentence; the main clause's own modal decides.
        const bare = text.replace(/\([^()]*\)/g, ' ');
        const bareFinding = bare !== text ? modalFinding(bare, ctx.section, ctx.lexicon) : null;
        modal = bareFinding && bareFinding.level !== 'none' ? bareFinding : modalFinding(text, ctx.section, ctx.lexicon);
      }
      return modal;
    },
    get own() {
      own ??= walkStage('cue', facts)?.verdict ?? NONE;
      return own;
    },
    get title() {
      title ??= titleOnly(text);
      return title;
    },
  };
  return facts;
}

/** What a unit is, and what its items (if it is a lead-in) inherit from it. */
export interface Judgement {
  verdict: Verdict;
  /** The verdict a lead-in hands its items. */
  forItems: Verdict;
}

/** Walks the stages for one unit: unit rules (rows, titles), then the cue rules, then context rules (lists, tables). */
export function judgeUnit(text: string, ctx: UnitContext): Judgement {
  const facts = unitFacts(text.trim(), ctx);
  const decided = walkStage('unit', facts) ?? walkStage('context', facts);
  const verdict = decided?.verdict ?? facts.own;
  const itemsGet = decided?.rule.itemsGet;
  if (itemsGet === 'own') return { verdict, forItems: facts.own };
  if (itemsGet === 'parent') return { verdict, forItems: ctx.parent?.verdict ?? verdict };
  return { verdict, forItems: itemsGet ?? verdict };
}
