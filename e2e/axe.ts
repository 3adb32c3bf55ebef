import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets of WCAG 2.1 level A and AA (issue 21 item 5). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
/**
 * Two of axe's best-practice rules (moderate, outside the WCAG tags) that issue 21 found broken on
 * the sign-in screens: every screen has a main landmark and an h1. Checked on every screen.
 */
const STRUCTURE_RULES = ['landmark-one-main', 'page-has-heading-one'];
const SHOWN_PER_RULE = 4;
type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** The serious and critical WCAG 2.1 AA violations on what the page shows now, plus any missing main landmark or h1. */
export async function blockingViolations(page: Page): Promise<Violation[]> {
  const rules = Object.fromEntries(STRUCTURE_RULES.map((id) => [id, { enabled: true }]));
  const { violations } = await new AxeBuilder({ page }).options({ rules }).withTags(WCAG_21_AA).analyze();
  return violations.filter((v) => BLOCKING.has(v.impact ?? '') || STRUCTURE_RULES.includes(v.id));
}

/**
 * Fails (softly: the journey goes on to the next screen, the test still fails) on any blocking
 * violation, listing each rule with the elements it hit and why, so a failure reads as a to-do
 * list rather than a count.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const blocking = await blockingViolations(page);
  const details = blocking.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})`,
    ...v.nodes
      .slice(0, SHOWN_PER_RULE)
      .map((n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
    ...(v.nodes.length > SHOWN_PER_RULE ? [`  … and ${v.nodes.length - SHOWN_PER_RULE} more`] : []),
  ]);
  expect
    .soft(
      blocking.map((v) => `${v.impact} ${v.id}`),
      `axe (WCAG 2.1 AA) on ${screen}:\n${details.join('\n')}\n`,
    )
    .toEqual([]);
}
