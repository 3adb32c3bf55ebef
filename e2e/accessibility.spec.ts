import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { blockingViolations, expectNoSeriousA11yViolations } from './axe';
import { waitForMailLink } from './outbox';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { signIn } from './sign-in';
import { textPdf } from '../apps/api/test/solicitation-pdf';

// Each screen waits for its data on a busy two-core machine before axe reads it.
const expect = baseExpect.configure({ timeout: 30_000 });
const RFP_DIR = path.resolve(import.meta.dirname, '../../shared/data/rfp');
const JOIN_LINK = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/[A-Za-z0-9_-]+`);

type Headers = { authorization: string };
const OWNER = { name: 'Olga Owner', email: 'olga.owner@a11y.e2e.test', password: 'olga-pass-1' };

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Headers> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/** Signs in through the API; creates the account first (as the admin) when it does not exist yet. */
async function userHeaders(
  request: APIRequestContext,
  admin: Headers,
  user: { name: string; email: string; password: string },
): Promise<Headers> {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  if (login.status() === 200) return { authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.post('/api/admin/create-user', { headers: admin, data: { ...user, role: 'user' } })).status()).toBe(200);
  return apiLogin(request, user.email, user.password);
}

/**
 * Gives every screen something to show, through the API as the people would have. Olga, a user of
 * her own (the admin's saved notices, documents and workspaces are other journeys' to count), has a
 * saved notice, a generated document and a workspace with a document, a task, a chat message and an
 * AI Tools document; she invites Vera by mail (her join link and, once accepted, her NDA screen).
 * Playwright runs beforeAll again in a fresh worker after a failed test, so the seed finds Olga, her
 * saved notice and her workspace when they exist (the database is fresh for each run).
 */
async function seed(request: APIRequestContext, stamp: number) {
  const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const owner = await userHeaders(request, admin, OWNER);
  const list = await (await request.get('/api/opportunities?page=1&limit=20', { headers: owner })).json();
  const opportunity = list.data[5];
  const bare = list.data[6];
  if (!opportunity.saved) expect((await request.post(`/api/opportunities/${opportunity.id}/save`, { headers: owner })).status()).toBe(200);
  const ws = await request.post('/api/workspaces', {
    headers: owner,
    data: { solicitation_id: opportunity.id, name: 'Accessibility bid' },
  });
  expect([201, 409]).toContain(ws.status());
  const workspaceId: string =
    ws.status() === 201
      ? (await ws.json()).id
      : (await (await request.get(`/api/opportunities/${opportunity.id}/workspace`, { headers: owner })).json()).workspace_id;

  const doc = await request.post(`/api/workspaces/${workspaceId}/documents`, {
    headers: owner,
    multipart: { file: { name: 'technical-volume.pdf', mimeType: 'application/pdf', buffer: await textPdf('Technical volume, draft 1.') } },
  });
  expect(doc.status()).toBeLessThan(300);
  const task = await request.post(`/api/workspaces/${workspaceId}/tasks`, {
    headers: owner,
    data: { title: 'Draft the past performance volume', description: 'Three references.' },
  });
  expect(task.status()).toBeLessThan(300);
  const message = await request.post(`/api/workspaces/${workspaceId}/messages`, {
    headers: owner,
    multipart: { message: 'Kickoff is Monday at 9:00.' },
  });
  expect(message.status()).toBeLessThan(300);
  const generated = await request.post('/api/documents/generate', {
    headers: owner,
    data: { opportunity_id: opportunity.id, document_type: 'brief' },
  });
  expect(generated.status()).toBeLessThan(300);
  const aiTool = await request.post('/api/documents/generate', {
    headers: owner,
    data: { workspace_id: workspaceId, opportunity_id: opportunity.id, document_type: 'requirements' },
  });
  expect(aiTool.status()).toBeLessThan(300);
  const notified = await request.post('/api/admin/notifications', {
    headers: admin,
    data: { title: 'Proposal kickoff', message: 'Kickoff for the Navy bid is Monday.', user_id: null },
  });
  expect(notified.status()).toBeLessThan(300);

  const viewer = { name: 'Vera Viewer', email: `vera.${stamp}@example.com`, password: 'vera-pass-1' };
  await userHeaders(request, admin, viewer);
  const invite = await request.post(`/api/workspaces/${workspaceId}/invite`, {
    headers: owner,
    data: { email: viewer.email, role: 'VIEWER', message: 'Please read Section L first.' },
  });
  expect(invite.status()).toBeLessThan(300);
  const joinLink = await waitForMailLink(viewer.email, JOIN_LINK);
  return { workspaceId, opportunityId: opportunity.id as string, bareOpportunityId: bare.id as string, viewer, joinLink };
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

// Issue 21 item 5: every screen of SPEC §2, with data in it, passes axe's WCAG 2.1 A and AA rules
// with no serious or critical violation (contrast, names, labels, landmarks, ARIA). One seed for
// the file; each group of screens is its own test so a slow machine does not time out the lot.
let data: Awaited<ReturnType<typeof seed>>;
const stamp = Date.now();

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  data = await seed(request, stamp);
  await request.dispose();
});

test('public screens: sign in, create account, forgot and reset password, invite page', async ({ browser }) => {
  test.setTimeout(120_000);
  const visitor = await newPage(browser);
  await visitor.goto('/login');
  await expect(visitor.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Sign in');
  await visitor.screenshot({ path: 'test-results/a11y-sign-in-1280.png' });
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await expect(visitor.getByText('Email is required')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Sign in with errors');

  await visitor.goto('/register');
  await expect(visitor.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Create account');

  await visitor.goto('/forgot-password');
  await expect(visitor.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Forgot password');
  await visitor.getByLabel('Email').fill(`nobody.${stamp}@example.com`);
  await visitor.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(visitor.getByText('Check Your Email')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Forgot password: check your email');

  await visitor.goto('/reset-password/not-a-real-token');
  await expect(visitor.getByRole('button', { name: 'Reset Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Reset password');

  await visitor.goto(data.joinLink);
  await expect(visitor.getByText("You've Been Invited!")).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Invite page (valid, signed out)');

  await visitor.goto('/join/not-a-real-token');
  await expect(visitor.getByText('Invite Not Found')).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, 'Invite page (not found)');
});

test('dashboard: cards with the sign-in toast, table, compact, My Saved, the notifications menu', async ({ browser }) => {
  test.setTimeout(120_000);
  const olga = await newPage(browser);
  await signIn(olga, OWNER.email, OWNER.password);
  await expect(olga.getByTestId('opportunity-card').first()).toBeVisible();
  await expect(olga.getByText('Login successful')).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Dashboard (cards, toast shown)');
  await olga.getByTestId('results-heading').scrollIntoViewIfNeeded();
  await olga.screenshot({ path: 'test-results/a11y-dashboard-cards-1280.png' });

  await olga.goto('/?view=table');
  await expect(olga.getByRole('table').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Dashboard (table)');

  await olga.goto('/?view=compact');
  await expect(olga.getByTestId('save-toggle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Dashboard (compact)');

  await olga.goto('/?saved=1');
  await expect(olga.getByTestId('opportunity-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Dashboard (My Saved)');

  await olga.getByRole('button', { name: /^Notifications/ }).click();
  await expect(olga.getByTestId('notification-item').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Notifications menu');
});

test('opportunity detail and its dialog, Saved Docs, Settings and Admin tabs', async ({ browser }) => {
  test.setTimeout(180_000);
  const olga = await newPage(browser);
  await signIn(olga, OWNER.email, OWNER.password);
  await olga.goto(`/opportunity/${data.bareOpportunityId}`);
  await expect(olga.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Opportunity detail');
  await olga.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(olga.getByRole('dialog', { name: 'Create Workspace' })).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Create workspace dialog');
  await olga.keyboard.press('Escape');

  await olga.goto(`/opportunity/${data.opportunityId}`);
  await olga.getByRole('tab', { name: /Generated Documents/ }).click();
  await expect(olga.getByRole('tabpanel')).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Opportunity detail: generated documents');

  await olga.goto('/documents');
  await expect(olga.getByRole('table').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Saved Docs');
  await olga.getByRole('button', { name: 'View document' }).first().click();
  await expect(olga.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Saved Docs: document preview');
  await olga.keyboard.press('Escape');

  await olga.goto('/settings');
  for (const tab of ['Profile', 'Notifications', 'Calendar', 'Integration', 'Display']) {
    await olga.getByRole('tab', { name: tab }).click();
    await expect(olga.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(olga, `Settings: ${tab}`);
  }
  const admin = await newPage(browser);
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/admin');
  for (const tab of ['Users', 'User Management', 'Notifications', 'Database', 'Analytics', 'Activity']) {
    await admin.getByRole('tab', { name: tab, exact: true }).click();
    await expect(admin.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Analytics') await expect(admin.locator('.recharts-surface').first()).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `Admin: ${tab}`);
  }
});

test('workspace: every tab with data, the chat, the invite dialog; RFP Analysis with the real RFQ and a scored draft', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const olga = await newPage(browser);
  await signIn(olga, OWNER.email, OWNER.password);
  await olga.goto(`/workspace/${data.workspaceId}`);
  await expect(olga.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(olga.getByText('Kickoff is Monday at 9:00.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Workspace: Overview and chat');
  const tabs: Array<[string, () => Promise<void>]> = [
    ['Documents', () => expect(olga.getByText('technical-volume.pdf').first()).toBeVisible()],
    ['Tasks', () => expect(olga.getByText('Draft the past performance volume').first()).toBeVisible()],
    ['Team', () => expect(olga.getByText(data.viewer.email)).toBeVisible()],
    ['RFP Analysis', () => expect(olga.getByRole('button', { name: 'Upload RFP PDF', exact: true })).toBeVisible()],
    ['AI Tools', () => expect(olga.getByTestId('ai-document-row').first()).toBeVisible()],
    ['Activity', () => expect(olga.getByTestId('activity-item').first()).toBeVisible()],
  ];
  for (const [tab, shown] of tabs) {
    await olga.getByRole('tab', { name: tab }).click();
    await shown();
    await expectNoSeriousA11yViolations(olga, `Workspace: ${tab}`);
  }
  await olga.getByRole('tab', { name: 'AI Tools' }).click();
  await olga
    .getByTestId('ai-document-row')
    .first()
    .getByRole('button', { name: /^View / })
    .click();
  await expect(olga.getByTestId('ai-document-preview')).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Workspace: AI document preview');
  await olga.keyboard.press('Escape');
  await olga.getByRole('tab', { name: 'Team' }).click();
  await olga.getByRole('button', { name: 'Invite Member' }).click();
  await expect(olga.getByRole('dialog', { name: 'Invite Member' })).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Workspace: invite dialog');
  await olga.keyboard.press('Escape');

  await olga.getByRole('tab', { name: 'RFP Analysis' }).click();
  await olga.getByTestId('file-upload-card').locator('input[type=file]').setInputFiles(path.join(RFP_DIR, 'gsa-dol-14c-rfq.pdf'));
  await olga.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
  await expect(olga.getByText(/^RFP processed: \d+ requirements extracted$/)).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(olga, 'Workspace: RFP requirements');
  const draft = await textPdf(readFileSync(path.join(RFP_DIR, 'drafts', 'strong.txt'), 'utf8'));
  await olga
    .getByTestId('file-upload-card')
    .locator('input[type=file]')
    .setInputFiles({ name: 'strong.pdf', mimeType: 'application/pdf', buffer: draft });
  await olga.getByRole('button', { name: 'Upload Draft Proposal', exact: true }).click();
  await expect(olga.getByText('Analysis Results')).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(olga, 'Workspace: RFP analysis results');
  await olga.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Compliance Matrix', { exact: true }).click();
  await expect(olga.locator('[data-testid^="matrix-row-"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(olga, 'Workspace: compliance matrix');
});

test('the invited viewer: the invite page signed in, then the NDA screen', async ({ browser }) => {
  test.setTimeout(120_000);
  const vera = await newPage(browser);
  await signIn(vera, data.viewer.email, data.viewer.password);
  await vera.goto(data.joinLink);
  await expect(vera.getByRole('button', { name: 'Accept & Join' })).toBeVisible();
  await expectNoSeriousA11yViolations(vera, 'Invite page (valid, signed in)');
  await vera.getByRole('button', { name: 'Accept & Join' }).click();
  await expect(vera.getByTestId('nda-screen')).toBeVisible();
  await expectNoSeriousA11yViolations(vera, 'NDA screen');
});

test('at 390 px: the dashboard with the navigation open, opportunity detail, workspace', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = await newPage(browser, { width: 390, height: 844 });
  await signIn(phone, OWNER.email, OWNER.password);
  await expect(phone.getByTestId('opportunity-card').first()).toBeVisible();
  await phone.getByTestId('opportunity-card').first().scrollIntoViewIfNeeded();
  await phone.screenshot({ path: 'test-results/a11y-dashboard-cards-390.png' });
  await phone.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(phone.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expectNoSeriousA11yViolations(phone, 'Dashboard at 390 px, navigation open');
  await phone.goto(`/opportunity/${data.opportunityId}`);
  await expect(phone.getByRole('button', { name: 'Open Workspace' })).toBeVisible();
  await expectNoSeriousA11yViolations(phone, 'Opportunity detail at 390 px');
  await phone.goto(`/workspace/${data.workspaceId}`);
  await expect(phone.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expectNoSeriousA11yViolations(phone, 'Workspace at 390 px');
});

// The check itself: on a page with what issue 21 found (dimmed grey text, an unnamed icon button,
// no main landmark, no h1) it reports each, so a clean screen above means something.
test('the axe check reports low contrast, an unnamed button, and a missing main landmark and h1', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Check</title></head><body><p style="color:#868e96;background:#fff">Due in 3 days</p><button><svg width="16" height="16"></svg></button></body></html>',
  );
  const ids = (await blockingViolations(page)).map((v) => v.id).sort();
  expect(ids).toEqual(['button-name', 'color-contrast', 'landmark-one-main', 'page-has-heading-one']);
});

// Issue 21 item 5: 31 Tab presses reached the first opportunity, and the first stop in a card was
// its star (Enter saved the notice by accident).
test('keyboard: Tab and Enter skip to the main content and to the list; a card is entered at its title', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/');
  const firstCard = page.getByTestId('opportunity-card').first();
  await expect(firstCard).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.screenshot({ path: 'test-results/a11y-skip-link-1280.png' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to opportunities' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('results-heading')).toBeFocused();

  // From the list's heading, past the list's own controls (status, type, sort, view, refresh), the
  // first stop in the first card is its title.
  const inFirstCard = () => firstCard.evaluate((card) => card.contains(document.activeElement));
  let presses = 0;
  do {
    await page.keyboard.press('Tab');
    presses += 1;
  } while (!(await inFirstCard()) && presses < 10);
  await expect(firstCard.getByTestId('opportunity-title')).toBeFocused();
  test.info().annotations.push({ type: 'Tab and Enter presses from the page to the first opportunity', description: String(4 + presses) });
  await page.keyboard.press('Tab');
  await expect(firstCard.getByTestId('save-toggle')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  const title = (await firstCard.getByTestId('opportunity-title').textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 30));

  // The same skip link on another screen: one Tab and Enter, then the screen's own first control.
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeFocused();
});
