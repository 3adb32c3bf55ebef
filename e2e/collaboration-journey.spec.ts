import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { waitForMailLink } from './outbox';
import { signIn } from './sign-in';

const JOIN_TOKEN = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/([A-Za-z0-9_-]+)`);

async function api(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

const volumeV1 = 'Volume I - Technical Approach\nDraft 1: staffing plan to follow.\n';
const volumeV2 = 'Volume I - Technical Approach\nDraft 2: staffing plan, key personnel and transition plan.\n';

// Issue 12's journey: an owner (A) and a reviewer (B) write a proposal together in two browsers.
test('two people share a document with check-out, move a task and chat', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const reviewer = { name: 'Blake Reviewer', email: `blake.${stamp}@example.com`, password: 'blake-pass-1' };
  let workspaceId = '';

  await test.step('set up through the API: a workspace, and B invited as Reviewer who accepts and signs the NDA', async () => {
    const { token: adminToken } = await api(request, null, 'POST', '/api/auth/login', {
      email: E2E_ADMIN.email,
      password: E2E_ADMIN.password,
    });
    await api(request, adminToken, 'POST', '/api/admin/create-user', { ...reviewer, role: 'user' });
    const list = await api(request, adminToken, 'GET', '/api/opportunities?page=1&limit=20');
    const opportunity = list.data[7];
    workspaceId = (
      await api(request, adminToken, 'POST', '/api/workspaces', { solicitation_id: opportunity.id, name: `Collaboration ${stamp}` })
    ).id;
    await api(request, adminToken, 'POST', `/api/workspaces/${workspaceId}/invite`, { email: reviewer.email, role: 'REVIEWER' });
    const link = await waitForMailLink(reviewer.email, JOIN_TOKEN);
    const token = JOIN_TOKEN.exec(link)![1];
    const { token: bToken } = await api(request, null, 'POST', '/api/auth/login', { email: reviewer.email, password: reviewer.password });
    await api(request, bToken, 'POST', `/api/join/${token}/accept`);
    const nda = await api(request, null, 'GET', '/api/nda/current');
    await api(request, bToken, 'POST', `/api/workspaces/${workspaceId}/nda/accept?nda_version_id=${nda.id}`);
  });

  const a = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const b = await signedIn(browser, reviewer.email, reviewer.password);
  const docName = 'volume-1-technical.txt';

  await test.step('A uploads a document and checks it out', async () => {
    await a.goto(`/workspace/${workspaceId}?tab=documents`);
    await a.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = a.getByRole('dialog', { name: 'Upload Document' });
    await dialog.locator('input[type=file]').setInputFiles({ name: docName, mimeType: 'text/plain', buffer: Buffer.from(volumeV1) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(a.getByText(`${docName} uploaded`)).toBeVisible();
    const row = a.getByTestId('document-row').filter({ hasText: docName });
    await expect(row).toContainText('v1');
    await row.getByRole('button', { name: `Check out ${docName}` }).click();
    await expect(row.getByTestId('document-holder')).toContainText('Checked out by you');
  });

  await test.step('B sees A as the holder and has no check-out button', async () => {
    await b.goto(`/workspace/${workspaceId}?tab=documents`);
    const row = b.getByTestId('document-row').filter({ hasText: docName });
    await expect(row.getByTestId('document-holder')).toContainText(`Checked out by ${E2E_ADMIN.name}`);
    await expect(row.getByRole('button', { name: /^Check (out|in) / })).toHaveCount(0);
    await b.screenshot({ path: 'test-results/documents-held.png', fullPage: false });
  });

  await test.step('A checks in a new file as version 2', async () => {
    const row = a.getByTestId('document-row').filter({ hasText: docName });
    await row.getByRole('button', { name: `Check in ${docName}` }).click();
    const dialog = a.getByRole('dialog', { name: `Check in ${docName}` });
    await dialog.locator('input[type=file]').setInputFiles({ name: docName, mimeType: 'text/plain', buffer: Buffer.from(volumeV2) });
    await dialog.getByLabel('Note (optional)').fill('Added key personnel');
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await expect(a.getByText(`${docName} checked in as version 2`)).toBeVisible();
    await expect(row).toContainText('v2');
    await expect(row.getByTestId('document-holder')).toContainText('Available');
  });

  await test.step('B downloads version 2 from the history', async () => {
    await b.reload();
    const row = b.getByTestId('document-row').filter({ hasText: docName });
    await expect(row).toContainText('v2');
    await row.getByRole('button', { name: `Version history of ${docName}` }).click();
    await expect(b.getByTestId('version-row')).toHaveCount(2);
    await b.screenshot({ path: 'test-results/documents-history.png', fullPage: false });
    const [download] = await Promise.all([b.waitForEvent('download'), b.getByRole('button', { name: 'Download version 2' }).click()]);
    expect(readFileSync((await download.path())!, 'utf8')).toBe(volumeV2);
    await b.keyboard.press('Escape');
  });

  await test.step('A creates a task for B; B moves it forward but has no Back button', async () => {
    await a.goto(`/workspace/${workspaceId}?tab=tasks`);
    await a.getByRole('button', { name: 'New Task' }).click();
    const dialog = a.getByRole('dialog', { name: 'New Task' });
    await dialog.getByLabel('Title').fill('Review Section L compliance');
    await dialog.getByLabel('Description').fill('Check every instruction in L.4 against Volume I.');
    await dialog.getByRole('textbox', { name: 'Assignee' }).click();
    await a.getByRole('option', { name: reviewer.name }).click();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(a.getByText('Task created successfully')).toBeVisible();

    await b.goto(`/workspace/${workspaceId}?tab=tasks`);
    const card = () => b.getByTestId('task-card').filter({ hasText: 'Review Section L compliance' });
    await expect(b.getByTestId('task-column-TODO').getByTestId('task-card')).toHaveCount(1);
    await expect(card().getByTestId('task-assignee')).toContainText(reviewer.name);
    await card().getByRole('button', { name: 'Start' }).click();
    await expect(b.getByText('Task status updated')).toBeVisible();
    await expect(b.getByTestId('task-column-IN_PROGRESS').getByTestId('task-card')).toHaveCount(1);
    await expect(card().getByRole('button', { name: 'Review' })).toBeVisible();
    await expect(card().getByRole('button', { name: 'Back' })).toHaveCount(0);
    await card().getByRole('button', { name: 'Review' }).click();
    await expect(b.getByTestId('task-column-REVIEW').getByTestId('task-card')).toHaveCount(1);
    await expect(card().getByRole('button', { name: 'Back' })).toHaveCount(0);
    await b.screenshot({ path: 'test-results/task-board.png', fullPage: false });
  });

  await test.step('A and B chat; each sees the other within 5 seconds', async () => {
    await a.goto(`/workspace/${workspaceId}`);
    await b.goto(`/workspace/${workspaceId}`);
    await a.getByRole('textbox', { name: 'Message' }).fill('Volume I v2 is in. Blake, can you check L.4?');
    await a.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(b.getByTestId('chat-panel').getByText('Volume I v2 is in. Blake, can you check L.4?')).toBeVisible({ timeout: 7_000 });
    await b.getByRole('textbox', { name: 'Message' }).fill('On it <b>now</b>');
    await b.getByRole('button', { name: 'Send' }).click();
    await expect(a.getByTestId('chat-panel').getByText('On it <b>now</b>')).toBeVisible({ timeout: 7_000 });
    await a.screenshot({ path: 'test-results/team-chat.png', fullPage: false });
  });

  await test.step('the Activity log has what happened', async () => {
    await a.goto(`/workspace/${workspaceId}?tab=activity`);
    const items = a.getByTestId('activity-item');
    await expect(items.filter({ hasText: `checked in ${docName} as version 2` })).toHaveCount(1);
    await expect(items.filter({ hasText: `${reviewer.name} moved "Review Section L compliance" from In Progress to Review` })).toHaveCount(
      1,
    );
  });
});
