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

/**
 * The page is no wider than the window once the layout has settled after a resize (retried for a
 * few seconds); on failure, names the elements that stick out.
 */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  await expect(() => overflowCheck(page, where)).toPass({ timeout: 5_000 });
}

async function overflowCheck(page: Page, where: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 6)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}] right=${Math.round(el.getBoundingClientRect().right)}`,
      ),
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window: ${wide.join('; ')}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** Moves the pursuit one stage right with Alt+→ on its Move button, and waits for its new column. */
async function moveRight(page: Page, title: string, to: string) {
  const column = page.getByTestId('pipeline-column').filter({ has: page.getByRole('heading', { name: new RegExp(`^${to} \\(`) }) });
  await page.getByRole('button', { name: `Move ${title}` }).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(column.getByRole('group', { name: title })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(`Moved ${title} to ${to}`);
}

// Issue 26's journey: a capture lead tracks two notices, values one and moves it through the
// Qualified gate with a gate review (keyboard), records a No bid with reasons on the other, reads
// the analytics, creates the first's workspace from the pipeline (Bid decision needs the RFP
// analysed there); a guest partner sees no pipeline.
// It takes listing entries 24 and 25 (a 50-row page), which no other journey uses.
test('a capture lead tracks two notices, passes the Qualified gate on one, records a No bid on the other and opens a workspace; a guest sees no pipeline', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const lead = { name: 'Lena Lead', email: `lena.${stamp}@example.com`, password: 'lena-pass-1' };
  const partner = { name: 'Pia Partner', email: `pia.${stamp}@partner.example`, password: 'pia-pass-1' };
  const { token: adminToken } = await api(request, null, 'POST', '/api/auth/login', {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
  });
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

  await test.step('move the first through the Qualified gate with a gate review, by keyboard', async () => {
    await moveRight(page, first!.title, 'Qualified');
    // Past Qualified is a gate: the move is refused until a Go is recorded, so the review opens.
    await page.getByRole('button', { name: `Move ${first!.title}` }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    const review = page.getByRole('dialog', { name: 'Gate review: Qualified' });
    await expect(review).toBeVisible();
    await expect(review.getByTestId('gate-preview')).toHaveText(/Score every factor/);
    const factors = (await api(request, leadToken, 'GET', '/api/pipeline/gate-factors')).data as { name: string }[];
    expect(factors).toHaveLength(9);
    for (const f of factors) {
      await review.getByRole('combobox', { name: f.name, exact: true }).selectOption('4');
      await review.getByRole('textbox', { name: `Note: ${f.name}`, exact: true }).fill(`${f.name}: good, from the capture call`);
    }
    // All 4s: (4 − 1) / 4 = 75% → Bid.
    await expect(review.getByTestId('gate-preview')).toContainText('p(go) 75% · Bid');
    await review.getByRole('textbox', { name: 'Incumbent', exact: true }).fill('Acme Federal');
    await review.getByLabel('Page budget (pages)').fill('30');
    await expectNoSeriousA11yViolations(page, 'Pipeline: gate review');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/pipeline-gate-review-390.png', fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: 'test-results/pipeline-gate-review-1280.png', fullPage: false });
    // The decision by keyboard: focus Go, press Space; the rationale; submit with Enter on the button.
    await review.getByRole('radio', { name: 'Go', exact: true }).focus();
    await page.keyboard.press('Space');
    await review.getByRole('textbox', { name: 'Rationale' }).fill('Known customer, strong technical fit; price is the risk');
    await review.getByRole('button', { name: 'Record Go and move to Capture' }).focus();
    await page.keyboard.press('Enter');
    await expect(review).toBeHidden();
    const capture = page.getByTestId('pipeline-column').filter({ has: page.getByRole('heading', { name: /^Capture \(/ }) });
    await expect(capture.getByRole('group', { name: first!.title })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(`Moved ${first!.title} to Capture`);

    // The Move menu, by keyboard: open, go down to Bid decision, choose.
    await page.getByRole('button', { name: `Move ${first!.title}` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Bid decision' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(`Moved ${first!.title} to Bid decision`);

    // The decision is in its history, with who decided and why.
    await page.getByRole('button', { name: `Edit ${first!.title}` }).click();
    const drawer = page.getByRole('dialog', { name: `Edit pursuit: ${first!.title}` });
    const decision = drawer.getByTestId('gate-decision').first();
    await expect(decision).toContainText('Qualified');
    await expect(decision).toContainText('Go');
    await expect(decision).toContainText('p(go) 75% · recommended Bid');
    await expect(decision).toContainText('Known customer, strong technical fit; price is the risk');
    await expect(decision).toContainText('Lena Lead');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('group', { name: first!.title }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/pipeline-board-1280.png', fullPage: true });
  });

  await test.step('record a No bid with reasons on the second', async () => {
    await page.getByRole('button', { name: `Move ${second!.title}` }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'No bid (record outcome)' }).click();
    const form = page.getByRole('dialog', { name: 'Record outcome' });
    await expect(form.getByRole('radio', { name: 'No bid' })).toBeChecked();
    await form.getByRole('checkbox', { name: 'Incumbent advantage' }).check();
    await form.getByRole('checkbox', { name: 'Capacity or B&P cost' }).check();
    await form.getByLabel('Reasons in your words').fill('The incumbent shaped the requirement; our writers are on the Navy bid');
    await form.getByLabel('Lessons learned').fill('Start shaping a year before the RFP');
    await expectNoSeriousA11yViolations(page, 'Pipeline: outcome form');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/pipeline-outcome-390.png', fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Record outcome' }).click();
    await expect(form).toBeHidden();
    const noBid = page.getByTestId('pipeline-column').filter({ has: page.getByRole('heading', { name: /^No bid \(/ }) });
    await expect(noBid.getByRole('group', { name: second!.title })).toBeVisible();
    const pursuits = (await api(request, leadToken, 'GET', '/api/pursuits')).data as { id: string; title: string }[];
    const closed = await api(request, leadToken, 'GET', `/api/pursuits/${pursuits.find((p) => p.title === second!.title)!.id}/decisions`);
    expect(closed.outcome).toMatchObject({
      outcome: 'no_bid',
      reasons: ['incumbent', 'capacity'],
      lessons_learned: 'Start shaping a year before the RFP',
    });
  });

  await test.step('the analytics view: funnel and win rate, calibration waiting for 10 outcomes', async () => {
    await page.getByText('Analytics', { exact: true }).click();
    await expect(page).toHaveURL(/view=analytics/);
    const funnel = page.getByTestId('analytics-funnel');
    await expect(funnel.getByRole('row', { name: /^Qualified 1 0/ })).toBeVisible();
    await expect(funnel.getByRole('row', { name: /^No bid 1 1/ })).toBeVisible();
    await expect(page.getByTestId('calibration-pending')).toContainText('0 of 10 won or lost outcomes');
    await expectNoSeriousA11yViolations(page, 'Pipeline analytics');
    await page.screenshot({ path: 'test-results/pipeline-analytics-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, 'Pipeline analytics at 390 px');
    await page.screenshot({ path: 'test-results/pipeline-analytics-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Board', { exact: true }).click();
  });

  await test.step('the table view: sorted, with totals per stage, kept in the URL', async () => {
    await page.getByText('Table', { exact: true }).click();
    await expect(page).toHaveURL(/view=table/);
    const table = page.getByTestId('pipeline-table');
    await table.getByRole('button', { name: /Weighted/ }).click();
    await expect(page).toHaveURL(/sort=weighted/);
    await expect(table.getByTestId('pursuit-row').first()).toContainText(first!.title);
    await expect(page.getByTestId('stage-totals-table').getByRole('row', { name: /^Bid decision 1 \$2,000,000 \$600,000$/ })).toBeVisible();
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
