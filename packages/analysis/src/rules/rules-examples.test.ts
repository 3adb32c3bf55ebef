import { describe, expect, it } from 'vitest';
import { EMPTY_DOCUMENT_LEXICON } from './document-lexicon';
import { RULES, unitFacts } from './registry';
import type { Rule, RuleExample, UnitContext } from './types';

// Every rule's examples, walked: a rule must decide on each "fire" example and stay silent (return
// null) on each "silent" one. A string example is a sentence in the instructions (Section L).
function factsFor(example: RuleExample) {
  const { text, ctx } = typeof example === 'string' ? { text: example, ctx: {} } : example;
  const full: UnitContext = { section: 'L', kind: 'sentence', lexicon: EMPTY_DOCUMENT_LEXICON, ...ctx };
  return unitFacts(text, full);
}

const label = (e: RuleExample) => (typeof e === 'string' ? e : `${e.text} ${JSON.stringify({ ...e.ctx, lexicon: undefined })}`);

describe.each(RULES.map((r) => [r.id, r] as [string, Rule]))('rule %s', (_id, rule) => {
  it('has at least one example that fires and a description', () => {
    expect(rule.examples.fire.length).toBeGreaterThan(0);
    expect(rule.description.length).toBeGreaterThan(20);
  });

  it.each(rule.examples.fire.map((e) => [label(e), e] as [string, RuleExample]))('fires on: %s', (_l, e) => {
    expect(rule.decide(factsFor(e))).not.toBeNull();
  });

  if (rule.examples.silent.length > 0) {
    it.each(rule.examples.silent.map((e) => [label(e), e] as [string, RuleExample]))('stays silent on: %s', (_l, e) => {
      expect(rule.decide(factsFor(e))).toBeNull();
    });
  }
});

describe('the registry', () => {
  it('gives every rule a unique "<family>.<name>" id', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-z-]+$/);
  });
});
