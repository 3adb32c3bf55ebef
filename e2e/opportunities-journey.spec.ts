import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// Issue 3's journey on the demo data (the real SAM.gov extract rows seeded at first start).
test('search by keyword and agency, page, save one, find it under My Saved, open it', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const cards = page.getByTestId('opportunity-card');

  await test.step('the dashboard lists real opportunities with stats and a pager', async () => {
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId('stat-open_solicitations').getByTestId('stat-value')).not.toHaveText(/^(—|0)$/);
    const firstTitle = await cards.first().getByTestId('opportunity-title').textContent();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first().getByTestId('opportunity-title')).not.toHaveText(firstTitle!);
    await page.screenshot({ path: 'test-results/dashboard.png', fullPage: false });
  });

  await test.step('search by keyword and agency', async () => {
    await page.getByLabel('Keywords').fill('abandoned mines');
    await page.getByRole('textbox', { name: 'Agency' }).click();
    await page.getByRole('option', { name: 'ENVIRONMENTAL PROTECTION AGENCY' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^Found \d+ opportunities$/)).toBeVisible();
    await expect(page).toHaveURL(/keywords=abandoned\+mines/);
    await expect(cards.first().getByTestId('opportunity-agency')).toHaveText('ENVIRONMENTAL PROTECTION AGENCY');
    await expect(cards.filter({ hasText: 'Navajo Area - Abandoned Mines' }).first()).toBeVisible();
  });

  await test.step('save it; the Favorited count follows', async () => {
    const card = cards.filter({ hasText: 'Navajo Area - Abandoned Mines' }).first();
    await card.getByTestId('save-toggle').click();
    await expect(card.getByTestId('save-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    await expect(page.getByTestId('stat-favorited').getByTestId('stat-value')).toHaveText('1');
  });

  await test.step('My Saved shows it', async () => {
    await page.getByRole('button', { name: 'My Saved' }).click();
    await expect(page.getByTestId('results-heading')).toContainText('My Saved Opportunities');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Navajo Area - Abandoned Mines');
  });

  await test.step('open it', async () => {
    await cards.first().getByTestId('opportunity-title').click();
    await expect(page).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('opportunity-heading')).toContainText('Navajo Area - Abandoned Mines');
    await expect(page.getByText('68HE0926R0006').first()).toBeVisible();
    await expect(page.getByTestId('opportunity-metadata')).toContainText('ENVIRONMENTAL PROTECTION AGENCY');
    await expect(page.getByTestId('opportunity-description')).toContainText('Pre-Solicitation Notice Amendment');
    await expect(page.getByTestId('save-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: 'test-results/opportunity-detail.png', fullPage: true });
  });

  await test.step('a link with filters searches automatically', async () => {
    await page.goto('/?keywords=navajo&naics=5629');
    await expect(page.getByText(/^Found \d+ opportunities$/)).toBeVisible();
    await expect(page.getByLabel('Keywords')).toHaveValue('navajo');
    await expect(cards.first()).toContainText('Navajo');
  });
});
