import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { waitForMailLink } from './outbox';
import { signIn } from './sign-in';

const JOIN_TOKEN = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/([A-Za-z0-9_-]+)`);

async function api(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The page is no wider than the window; on failure, names the elements that stick out. */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 6)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}] right=${Math.round(el.getBoundingClientRect().right)}`),
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window: ${wide.join('; ')}`).toBeLessThanOrEqual(innerWidth);
}

/** Moves the pursuit one stage right with Alt+→ on its Move button, and waits for its new column. */
async function moveRight(page: Page, title: string, to: string) {
  const column = page.getByTestId('pipeline-column').filter({ has: page.getByRole('heading', { name: new RegExp(`^${to} \\(`) }) });
  await page.getByRole('button', { name: `Move ${title}` }).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(column.getByRole('group', { name: title })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`Moved ${title} to ${to}`);
}

// Issue 26's journey: a capture lead tracks two notices, moves one through the stages with the
// keyboard, values it, creates its workspace from the pipeline; a guest partner sees no pipeline.
// It takes listing entries 24 and 25 (a 50-row page), which no other journey uses.
test('a capture lead tracks two notices, moves one to Proposal by keyboard and opens its workspace; a guest sees no pipeline', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const lead = { name: 'Lena Lead', email: `lena.${stamp}@example.com`, password: 'lena-pass-1' };
  const partner = { name: 'Pia Partner', email: `pia.${stamp}@partner.example`, password: 'pia-pass-1' };
  const { token: adminToken } = await api(request, null, 'POST', '/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await api(request, adminToken, 'POST', '/api/admin/create-user', { ...lead, role: 'user' });
  const { token: leadToken } = await api(request, null, 'POST', '/api/auth/login', { email: lead.email, password: lead.password });
  const list = await api(request, leadToken, 'GET', '/api/opportunities?page=1&limit=50');
  const [first, second] = [list.data[24], list.data[25]] as { id: string; title: string }[];
  let workspaceId = '';

  await signIn(page, lead.email, lead.password);

  await test.step('Track the first on its detail page', async () => {
    await page.goto(`/opportunity/${first!.id}`);
    await page.getByRole('button', { name: `Track ${first!.title}` }).click();
    await expect(page.getByText('Added to the pipeline')).toBeVisible();
    await expect(page.getByRole('link', { name: `${first!.title}: in the pipeline, Identified` })).toBeVisible();
  });

  await test.step('Track the second from the dashboard table', async () => {
    await page.goto('/?view=table&page=2');
    const row = page.getByTestId('opportunity-row').filter({ hasText: second!.title }).first();
    await row.getByRole('button', { name: `Track ${second!.title}` }).click();
    await expect(row.getByRole('link', { name: `${second!.title}: in the pipeline, Identified` })).toBeVisible();
  });

  await test.step('the board shows both in Identified, with the sidebar link', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pipeline' }).click();
    await expect(page).toHaveURL(/\/pipeline$/);
    const identified = page.getByTestId('pipeline-column').first();
    await expect(identified.getByRole('heading', { level: 2 })).toHaveText('Identified (2)');
    await expect(identified.getByRole('group', { name: first!.title })).toBeVisible();
    await expect(identified.getByRole('group', { name: second!.title })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Pipeline board');
  });

  await test.step('value the first: the column shows its weighted value', async () => {
    await page.getByRole('button', { name: `Edit ${first!.title}` }).click();
    const drawer = page.getByRole('dialog', { name: `Edit pursuit: ${first!.title}` });
    await drawer.getByLabel('Estimated value (USD)').fill('2000000');
    await drawer.getByLabel('p(win) %').fill('40');
    await drawer.getByLabel('p(go) %').fill('75');
    await expect(drawer.getByTestId('editor-weighted')).toHaveText('Weighted value: $600,000');
    await drawer.getByLabel('Next action', { exact: true }).fill('Call the contracting officer');
    await expectNoSeriousA11yViolations(page, 'Pipeline: edit pursuit');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Pursuit saved')).toBeVisible();
    await expect(page.getByTestId('pipeline-column').first().getByTestId('stage-totals')).toContainText('weighted $600K');
  });

  await test.step('move the first to Proposal with the keyboard only', async () => {
    await moveRight(page, first!.title, 'Qualified');
    await moveRight(page, first!.title, 'Capture');
    // The Move menu, by keyboard: open, go down to Bid decision, choose.
    await page.getByRole('button', { name: `Move ${first!.title}` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Bid decision' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`Moved ${first!.title} to Bid decision`);
    await moveRight(page, first!.title, 'Proposal');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('group', { name: first!.title }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/pipeline-board-1280.png', fullPage: true });
  });

  await test.step('the table view: sorted, with totals per stage, kept in the URL', async () => {
    await page.getByText('Table', { exact: true }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByTestId('pipeline-table');
    await table.getByRole('button', { name: /Weighted/ }).click();
    await expect(page).toHaveURL(/sort=weighted/);
    await expect(table.getByTestId('pursuit-row').first()).toContainText(first!.title);
    await expect(page.getByTestId('stage-totals-table').getByRole('row', { name: /^Proposal 1 \$2,000,000 \$600,000$/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Pipeline table');
    await page.reload();
    await expect(page.getByTestId('pipeline-table')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'Pipeline table at 390 px');
    await page.screenshot({ path: 'test-results/pipeline-table-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('create the workspace from the pipeline, then open it from there', async () => {
    await page.goto('/pipeline');
    await page.getByRole('button', { name: `Create workspace for ${first!.title}` }).click();
    await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
    workspaceId = /\/workspace\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/pipeline');
    await page.getByRole('link', { name: `Open workspace of ${first!.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}`));
    await page.goto('/pipeline');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('pipeline-board')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'Pipeline board at 390 px');
    await page.screenshot({ path: 'test-results/pipeline-board-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  await test.step('a partner invited to the workspace registers as a guest and sees no pipeline', async () => {
    await api(request, leadToken, 'POST', `/api/workspaces/${workspaceId}/invite`, { email: partner.email, role: 'CONTRIBUTOR' });
    const token = JOIN_TOKEN.exec(await waitForMailLink(partner.email, JOIN_TOKEN))![1];
    const registered = await api(request, null, 'POST', `/api/join/${token}/register`, { name: partner.name, password: partner.password });
    expect(registered.user.is_guest).toBe(true);
    const refused = await request.get('/api/pursuits', { headers: { authorization: `Bearer ${registered.token}` } });
    expect(refused.status()).toBe(403);

    const guest = await (await browser.newContext()).newPage();
    await signIn(guest, partner.email, partner.password);
    const nav = guest.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Pipeline' })).toHaveCount(0);
    await expect(guest.getByTestId('my-workspaces')).toContainText(first!.title.slice(0, 20));
    await expect(guest.getByTestId('opportunity-card')).toHaveCount(0);
    await expectNoSeriousA11yViolations(guest, 'Guest dashboard');
    await guest.screenshot({ path: 'test-results/pipeline-guest-dashboard-1280.png', fullPage: false });
    await guest.goto('/pipeline');
    await expect(guest.getByText('Guest accounts see only the workspaces they were invited to.')).toBeVisible();
    await expect(guest.getByTestId('pipeline-board')).toHaveCount(0);
  });
});
