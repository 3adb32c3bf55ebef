import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { blockingViolations, expectNoSeriousA11yViolations } from './axe';
import { waitForMailLink } from './outbox';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { signIn } from './sign-in';
import { textPdf } from './solicitation-pdf';

// Each screen waits for its data on a busy two-core machine before axe reads it.
const expect = baseExpect.configure({ timeout: 30_000 });
const RFP_DIR = path.resolve(import.meta.dirname, '../../shared/data/rfp');
const JOIN_LINK = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/[A-Za-z0-9_-]+`);

type Headers = { authorization: string };

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Headers> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * Gives every screen something to show, through the API as the people would have: a workspace with
 * a document, a task, a chat message and an AI Tools document, a generated document, a saved notice, a notification, and
 * a viewer invited by mail (her join link and, once she has accepted, her NDA screen).
 */
async function seed(request: APIRequestContext, stamp: number) {
  const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const list = await (await request.get('/api/opportunities?page=1&limit=20', { headers: admin })).json();
  const opportunity = list.data[5];
  const bare = list.data[6];
  // Playwright runs beforeAll again in a fresh worker after a failed test: the seed may find its
  // notice already saved and its workspace already made.
  if (!opportunity.saved) expect((await request.post(`/api/opportunities/${opportunity.id}/save`, { headers: admin })).status()).toBe(200);
  const ws = await request.post('/api/workspaces', { headers: admin, data: { solicitation_id: opportunity.id, name: `Axe ${stamp}` } });
  expect([201, 409]).toContain(ws.status());
  const workspaceId: string =
    ws.status() === 201 ? (await ws.json()).id : (await (await request.get(`/api/opportunities/${opportunity.id}/workspace`, { headers: admin })).json()).workspace_id;

  const doc = await request.post(`/api/workspaces/${workspaceId}/documents`, {
    headers: admin,
    multipart: { file: { name: 'technical-volume.pdf', mimeType: 'application/pdf', buffer: await textPdf('Technical volume, draft 1.') } },
  });
  expect(doc.status()).toBeLessThan(300);
  const task = await request.post(`/api/workspaces/${workspaceId}/tasks`, { headers: admin, data: { title: 'Draft the past performance volume', description: 'Three references.' } });
  expect(task.status()).toBeLessThan(300);
  const message = await request.post(`/api/workspaces/${workspaceId}/messages`, { headers: admin, multipart: { message: 'Kickoff is Monday at 9:00.' } });
  expect(message.status()).toBeLessThan(300);
  const generated = await request.post('/api/documents/generate', { headers: admin, data: { opportunity_id: opportunity.id, document_type: 'brief' } });
  expect(generated.status()).toBeLessThan(300);
  const aiTool = await request.post('/api/documents/generate', { headers: admin, data: { workspace_id: workspaceId, opportunity_id: opportunity.id, document_type: 'requirements' } });
  expect(aiTool.status()).toBeLessThan(300);
  const notified = await request.post('/api/admin/notifications', { headers: admin, data: { title: 'Proposal kickoff', message: 'Kickoff for the Navy bid is Monday.', user_id: null } });
  expect(notified.status()).toBeLessThan(300);

  const viewer = { name: 'Vera Viewer', email: `vera.${stamp}@example.com`, password: 'vera-pass-1' };
  expect((await request.post('/api/admin/create-user', { headers: admin, data: { ...viewer, role: 'user' } })).status()).toBe(200);
  const invite = await request.post(`/api/workspaces/${workspaceId}/invite`, { headers: admin, data: { email: viewer.email, role: 'VIEWER', message: 'Please read Section L first.' } });
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
  const admin = await newPage(browser);
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin.getByTestId('opportunity-card').first()).toBeVisible();
  await expect(admin.getByText('Login successful')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Dashboard (cards, toast shown)');

  await admin.goto('/?view=table');
  await expect(admin.getByRole('table').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Dashboard (table)');

  await admin.goto('/?view=compact');
  await expect(admin.getByTestId('save-toggle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Dashboard (compact)');

  await admin.goto('/?saved=1');
  await expect(admin.getByTestId('opportunity-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Dashboard (My Saved)');

  await admin.getByRole('button', { name: /^Notifications/ }).click();
  await expect(admin.getByTestId('notification-item').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Notifications menu');
});

test('opportunity detail and its dialog, Saved Docs, Settings and Admin tabs', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/opportunity/${data.bareOpportunityId}`);
  await expect(admin.getByRole('button', { name: 'Create Workspace' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Opportunity detail');
  await admin.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(admin.getByRole('dialog', { name: 'Create Workspace' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Create workspace dialog');
  await admin.keyboard.press('Escape');

  await admin.goto(`/opportunity/${data.opportunityId}`);
  await admin.getByRole('tab', { name: /Generated Documents/ }).click();
  await expect(admin.getByRole('tabpanel')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Opportunity detail: generated documents');

  await admin.goto('/documents');
  await expect(admin.getByRole('table').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Saved Docs');
  await admin.getByRole('button', { name: 'View document' }).first().click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Saved Docs: document preview');
  await admin.keyboard.press('Escape');

  await admin.goto('/settings');
  for (const tab of ['Profile', 'Notifications', 'Integration', 'Display']) {
    await admin.getByRole('tab', { name: tab }).click();
    await expect(admin.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousA11yViolations(admin, `Settings: ${tab}`);
  }
  await admin.goto('/admin');
  for (const tab of ['Users', 'User Management', 'Notifications', 'Database', 'Analytics', 'Activity']) {
    await admin.getByRole('tab', { name: tab, exact: true }).click();
    await expect(admin.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Analytics') await expect(admin.locator('.recharts-surface').first()).toBeVisible();
    await expectNoSeriousA11yViolations(admin, `Admin: ${tab}`);
  }
});

test('workspace: every tab with data, the chat, the invite dialog; RFP Analysis with the real RFQ and a scored draft', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await newPage(browser);
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/workspace/${data.workspaceId}`);
  await expect(admin.getByRole('tab', { name: 'Overview' })).toBeVisible();
  await expect(admin.getByText('Kickoff is Monday at 9:00.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Workspace: Overview and chat');
  const tabs: Array<[string, () => Promise<void>]> = [
    ['Documents', () => expect(admin.getByText('technical-volume.pdf').first()).toBeVisible()],
    ['Tasks', () => expect(admin.getByText('Draft the past performance volume').first()).toBeVisible()],
    ['Team', () => expect(admin.getByText(data.viewer.email)).toBeVisible()],
    ['RFP Analysis', () => expect(admin.getByRole('button', { name: 'Upload RFP PDF', exact: true })).toBeVisible()],
    ['AI Tools', () => expect(admin.getByTestId('ai-document-row').first()).toBeVisible()],
    ['Activity', () => expect(admin.getByTestId('activity-item').first()).toBeVisible()],
  ];
  for (const [tab, shown] of tabs) {
    await admin.getByRole('tab', { name: tab }).click();
    await shown();
    await expectNoSeriousA11yViolations(admin, `Workspace: ${tab}`);
  }
  await admin.getByRole('tab', { name: 'AI Tools' }).click();
  await admin.getByTestId('ai-document-row').first().getByRole('button', { name: /^View / }).click();
  await expect(admin.getByTestId('ai-document-preview')).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Workspace: AI document preview');
  await admin.keyboard.press('Escape');
  await admin.getByRole('tab', { name: 'Team' }).click();
  await admin.getByRole('button', { name: 'Invite Member' }).click();
  await expect(admin.getByRole('dialog', { name: 'Invite Member' })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Workspace: invite dialog');
  await admin.keyboard.press('Escape');

  await admin.getByRole('tab', { name: 'RFP Analysis' }).click();
  await admin.getByTestId('file-upload-card').locator('input[type=file]').setInputFiles(path.join(RFP_DIR, 'gsa-dol-14c-rfq.pdf'));
  await admin.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
  await expect(admin.getByText(/^RFP processed: \d+ requirements extracted$/)).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(admin, 'Workspace: RFP requirements');
  const draft = await textPdf(readFileSync(path.join(RFP_DIR, 'drafts', 'strong.txt'), 'utf8'));
  await admin.getByTestId('file-upload-card').locator('input[type=file]').setInputFiles({ name: 'strong.pdf', mimeType: 'application/pdf', buffer: draft });
  await admin.getByRole('button', { name: 'Upload Draft Proposal', exact: true }).click();
  await expect(admin.getByText('Analysis Results')).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(admin, 'Workspace: RFP analysis results');
  await admin.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Compliance Matrix', { exact: true }).click();
  await expect(admin.locator('[data-testid^="matrix-row-"]').first()).toBeVisible();
  await expectNoSeriousA11yViolations(admin, 'Workspace: compliance matrix');
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
  await signIn(phone, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(phone.getByTestId('opportunity-card').first()).toBeVisible();
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
