import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// Issue 3's journey on the demo data (the real SAM.gov extract rows seeded at first start).
test('search by keyword and agency, page, save one, find it under My Saved, open it', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const cards = page.getByTestId('opportunity-card');

  await test.step('the dashboard lists real opportunities with stats and a pager', async () => {
    await expect(cards).toHaveCount(20, { timeout: 30_000 });
    await expect(page.getByTestId('stat-open_solicitations').getByTestId('stat-value')).not.toHaveText(/^(—|0)$/);
    const firstTitle = await cards.first().getByTestId('opportunity-title').textContent();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards.first().getByTestId('opportunity-title')).not.toHaveText(firstTitle!);
    await page.screenshot({ path: 'test-results/dashboard.png', fullPage: false });
  });

  await test.step('search by keyword and agency', async () => {
    await page.getByLabel('Keywords').fill('abandoned mines');
    await page.getByLabel('Agency').selectOption('ENVIRONMENTAL PROTECTION AGENCY');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText(/^Found \d+ opportunit(y|ies)$/)).toBeVisible();
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
    await expect(page.getByText(/^Found \d+ opportunit(y|ies)$/)).toBeVisible();
    await expect(page.getByLabel('Keywords')).toHaveValue('navajo');
    await expect(cards.first()).toContainText('Navajo');
  });
});

// Issue 15's journey: the capture lead's morning — biddable notices in a dense table sorted by due
// date, open one, and Back returns to the same page and sort.
test('table view sorted by due date; open a notice; Back returns to the same page and sort', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const cards = page.getByTestId('opportunity-card');

  await test.step('the default listing shows only notices open for a response, each with its type', async () => {
    // A ceiling for a busy shared machine, not a speed check (bench/README.md has the timing).
    await expect(cards).toHaveCount(20, { timeout: 30_000 });
    const types = await page.getByTestId('notice-type').allTextContents();
    expect(
      types.every((t) =>
        ['Solicitation', 'Combined Synopsis/Solicitation', 'Presolicitation', 'Sources Sought', 'Special Notice'].includes(t),
      ),
    ).toBe(true);
    await expect(page.getByTestId('deadline-badge').filter({ hasText: 'Expired' })).toHaveCount(0);
  });

  await test.step('switch to the table and sort by due date', async () => {
    await page.getByText('Table', { exact: true }).click();
    await expect(page.getByTestId('opportunity-table')).toBeVisible();
    await page.getByTestId('sort-due').click();
    await expect(page).toHaveURL(/sort=due&order=asc/);
    await expect(page.getByTestId('sort-due').locator('xpath=ancestor::th')).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('page-of')).toHaveText(/^Page 2 of \d+$/);
    const badges = await page.getByTestId('opportunity-row').getByTestId('deadline-badge').allTextContents();
    const days = badges.map((b) => Number(/(\d+)d left/.exec(b)?.[1] ?? Infinity));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    await page.screenshot({ path: 'test-results/dashboard-table.png', fullPage: false });
  });

  const rows = page.getByTestId('opportunity-row');
  const firstTitle = (await rows.first().getByTestId('opportunity-title').textContent())!;

  await test.step('open a notice and come Back to the same page, sort and view', async () => {
    await rows.nth(3).getByTestId('opportunity-title').click();
    await expect(page).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('opportunity-metadata')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=due/);
    await expect(page.getByTestId('opportunity-table')).toBeVisible();
    await expect(rows.first().getByTestId('opportunity-title')).toHaveText(firstTitle);
    await page.reload();
    await expect(page.getByTestId('page-of')).toHaveText(/^Page 2 of/, { timeout: 30_000 });
    await expect(rows.first().getByTestId('opportunity-title')).toHaveText(firstTitle);
  });

  await test.step('award notices are one filter away', async () => {
    await page.getByLabel('Show').selectOption({ label: 'Award notices' });
    await expect(page).toHaveURL(/status=awarded/);
    await expect(rows.first().getByTestId('notice-type')).toHaveText('Award Notice');
  });

  await test.step('on a 390 px phone the table scrolls sideways with a cue and titles clamp', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('scroll-cue')).toBeVisible();
    await expect(page.getByText('Scroll for more →')).toBeVisible();
    const bodyWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(bodyWidth).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/dashboard-table-390.png', fullPage: false });
    // Long titles clamp to two lines in the table's title column.
    const titleBox = await page.getByTestId('opportunity-row').first().getByTestId('opportunity-title').boundingBox();
    expect(titleBox!.height).toBeLessThan(50);
  });
});
