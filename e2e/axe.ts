import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rule sets of WCAG 2.1 level A and AA (issue 21 item 5). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const SHOWN_PER_RULE = 4;

/**
 * Runs axe on what the page shows now and fails (softly: the journey goes on to the next screen,
 * the test still fails) on any serious or critical WCAG 2.1 AA violation. The failure lists each
 * rule with the elements it hit and why, so it reads as a to-do list rather than a count.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const details = blocking.flatMap((v) => [
    `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})`,
    ...v.nodes.slice(0, SHOWN_PER_RULE).map((n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
    ...(v.nodes.length > SHOWN_PER_RULE ? [`  … and ${v.nodes.length - SHOWN_PER_RULE} more`] : []),
  ]);
  expect.soft(blocking.map((v) => `${v.impact} ${v.id}`), `axe (WCAG 2.1 AA) on ${screen}:\n${details.join('\n')}\n`).toEqual([]);
}
