import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

/**
 * Issue 16: the Content-Security-Policy the server sends is one the app really passes. Every
 * violation the browser reports (the securitypolicyviolation event and its console error) fails the
 * journey: sign-in, the dashboard, an opportunity, the admin console and settings.
 */
test('the web app runs under its Content-Security-Policy with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const reported = async (p: Page) => [
    ...violations,
    ...((await p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])) as string[]),
  ];

  await test.step('the page comes with the policy, framing refused and nosniff', async () => {
    const res = await page.goto('/login');
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await reported(page)).toEqual([]);
  });

  await test.step('sign in and load the dashboard', async () => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // Cards, table or compact list, whichever view the dashboard opens with.
    await expect(page.getByTestId('opportunity-title').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('stat-open_solicitations').getByTestId('stat-value')).not.toHaveText(/^(—|0)$/);
    await page.screenshot({ path: 'test-results/csp-dashboard.png' });
    expect(await reported(page)).toEqual([]);
  });

  await test.step('open an opportunity', async () => {
    await page.getByTestId('opportunity-title').first().click();
    await expect(page.getByTestId('opportunity-heading')).toBeVisible();
    await expect(page.getByTestId('opportunity-description')).toBeVisible();
    expect(await reported(page)).toEqual([]);
  });

  await test.step('the admin console and settings', async () => {
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.waitForLoadState('networkidle');
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
    await page.screenshot({ path: 'test-results/csp-settings.png' });
    expect(await reported(page)).toEqual([]);
  });
});
