import type { SectionCode } from '../types';
import type { DocumentLexicon } from './document-lexicon';

/** How strongly a unit binds the offeror: the outcome of a rule. */
export type Level = 'strong' | 'should' | 'weak' | 'none' | 'excluded';

/** A rule's decision: the level, the words that carried it, and the rules behind it (deciding rule first). */
export interface Verdict {
  level: Level;
  /** The cue words shown to the user ("shall", "imperative", "criterion"); null if none. */
  cue: string | null;
  /** Ids of the rules that decided, deciding rule first; filled in by the registry walk. */
  rules?: string[];
}

/** What a lead-in decided, as its items see it. */
export interface LeadInVerdict {
  verdict: Verdict;
  /** The lead-in lists illustrations ("such as:"), not separate duties. */
  examples: boolean;
  /** The lead-in excludes ("is not responsible for the following:"). */
  exclusion: boolean;
  /** The lead-in asks for a choice among its items ("at least three of the following"). */
  choice?: boolean;
}

/** Where a unit sits, as far as classification cares. */
export interface UnitContext {
  section: SectionCode;
  kind: 'sentence' | 'item' | 'row';
  /** For items: how their lead-in was judged. */
  parent?: LeadInVerdict | null;
  /** The lead-in's own text, for items. */
  parentText?: string;
  bulleted?: boolean;
  /** The unit ends with ":" and introduces items. */
  leadIn?: boolean;
  tableHeader?: string;
  isTableHeader?: boolean;
  /** The unit opens its paragraph and more sentences follow in it (a run-in title "c. Page Numbering."). */
  runIn?: boolean;
  /** The unit is alone in its paragraph and a paragraph of sentences (no list item) follows it. */
  overParagraph?: boolean;
  /** The paragraph starts with a list letter or number. */
  marker?: string;
  /** Title of the heading the unit sits under. */
  headingTitle?: string;
  /** The names and roles the document defines; empty for a sentence seen alone. */
  lexicon?: DocumentLexicon;
}

/** What a modal verb states once its subject, negation and following verb are read. */
export interface ModalFinding extends Verdict {
  /** The buyer (or a third party) is the only actor of some modal in the unit. */
  buyerActs: boolean;
}

/**
 * Stage results a rule may read, computed once per unit and only when asked for: the unit's text,
 * its context, and the subject/negation/clause analysis of its modal verbs.
 */
export interface UnitFacts {
  text: string;
  ctx: UnitContext;
  /** The strongest modal verdict, with parenthesised asides removed first when that leaves one. */
  readonly modal: ModalFinding;
  /** What the unit decides on its own (the cue stage), for rules of later stages. */
  readonly own: Verdict;
  /** The unit is a bare title: a few capitalised words, no verb (rules/titles.ts). */
  readonly title: boolean;
}

/** The stages rules belong to, walked in this order (see README.md). */
export type Stage = 'unit' | 'cue' | 'context';

/** An example a rule must fire on or stay silent on; a string is a sentence in section L. */
export type RuleExample = string | { text: string; ctx?: Partial<UnitContext> };

/** One named rule: the engine is the registry of these (rules/registry.ts). */
export interface Rule {
  /** "<family>.<name>", shown in a requirement's basis. */
  id: string;
  stage: Stage;
  /** Lower runs first within its stage; the first rule that decides wins. */
  priority: number;
  /** One sentence: what the rule recognises and why its decision is right. */
  description: string;
  /** The decision, or null to let lower-priority rules speak. */
  decide: (facts: UnitFacts) => Verdict | null;
  /** When this rule decides a lead-in, what its items inherit instead of the rule's decision: 'own' is what
   * the cue stage decided (a bare "X must:"); 'parent' is what the unit's own lead-in handed it (a field
   * name "Phone:" read as a lead-in passes its list on); a verdict is handed as is ("The following tasks are anticipated:"). */
  itemsGet?: 'own' | 'parent' | Verdict;
  /** The patterns the rule uses beyond cues.ts, so the stall test runs them too. */
  patterns?: readonly RegExp[];
  examples: { fire: readonly RuleExample[]; silent: readonly RuleExample[] };
}
