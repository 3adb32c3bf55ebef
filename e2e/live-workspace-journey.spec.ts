import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { waitForMailLink } from './outbox';
import { signIn } from './sign-in';

const JOIN_TOKEN = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/([A-Za-z0-9_-]+)`);
/** The page polls what changed every 5 s (the chat's beat); allow one poll plus the refetch. */
const WITHIN_POLL = { timeout: 8_000 };

async function api(request: APIRequestContext, token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  return page;
}

// Issue 21 item 3: what one member changes shows in another member's open page without a reload.
test("another member's check-out, task move and invitation show without a reload", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const member = { name: 'Morgan Member', email: `morgan.${stamp}@example.com`, password: 'morgan-pass-1' };
  const invitee = { name: 'Ivy Invitee', email: `ivy.${stamp}@example.com`, password: 'ivy-pass-1' };
  const docName = 'pricing-volume.txt';
  let adminToken = '';
  let workspaceId = '';
  let taskId = '';

  await test.step('set up: a workspace with a document and a task, and B a contributor past the NDA', async () => {
    adminToken = (await api(request, null, 'POST', '/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).token;
    await api(request, adminToken, 'POST', '/api/admin/create-user', { ...member, role: 'user' });
    await api(request, adminToken, 'POST', '/api/admin/create-user', { ...invitee, role: 'user' });
    const list = await api(request, adminToken, 'GET', '/api/opportunities?page=1&limit=20');
    workspaceId = (await api(request, adminToken, 'POST', '/api/workspaces', { solicitation_id: list.data[12].id, name: `Live ${stamp}` }))
      .id;
    await api(request, adminToken, 'POST', `/api/workspaces/${workspaceId}/invite`, { email: member.email, role: 'CONTRIBUTOR' });
    const token = JOIN_TOKEN.exec(await waitForMailLink(member.email, JOIN_TOKEN))![1];
    const { token: bToken } = await api(request, null, 'POST', '/api/auth/login', { email: member.email, password: member.password });
    await api(request, bToken, 'POST', `/api/join/${token}/accept`);
    const nda = await api(request, null, 'GET', '/api/nda/current');
    await api(request, bToken, 'POST', `/api/workspaces/${workspaceId}/nda/accept?nda_version_id=${nda.id}`);
    const upload = await request.post(`/api/workspaces/${workspaceId}/documents`, {
      headers: { authorization: `Bearer ${adminToken}` },
      multipart: { file: { name: docName, mimeType: 'text/plain', buffer: Buffer.from('Pricing volume, draft 1\n') } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    taskId = (await api(request, adminToken, 'POST', `/api/workspaces/${workspaceId}/tasks`, { title: 'Price the option years' })).id;
  });

  const a = await signedIn(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const b = await signedIn(browser, member.email, member.password);

  await test.step('A checks out the document; B, with the Documents tab open, sees it locked within the poll', async () => {
    await b.goto(`/workspace/${workspaceId}?tab=documents`);
    const bRow = b.getByTestId('document-row').filter({ hasText: docName });
    await expect(bRow.getByTestId('document-holder')).toContainText('Available');
    await expect(bRow.getByRole('button', { name: `Check out ${docName}` })).toBeVisible();

    await a.goto(`/workspace/${workspaceId}?tab=documents`);
    const aRow = a.getByTestId('document-row').filter({ hasText: docName });
    await aRow.getByRole('button', { name: `Check out ${docName}` }).click();
    await expect(aRow.getByTestId('document-holder')).toContainText('Checked out by you');

    await expect(bRow.getByTestId('document-holder')).toContainText(`Checked out by ${E2E_ADMIN.name}`, WITHIN_POLL);
    await expect(bRow.getByRole('button', { name: `Check out ${docName}` })).toHaveCount(0);
  });

  await test.step('while nothing changes, B asks only the cheap changes call', async () => {
    const asked: string[] = [];
    const record = (req: { url: () => string }) => asked.push(new URL(req.url()).pathname);
    b.on('request', record);
    // Two polls' worth of an idle page, waited on the polls themselves rather than a sleep.
    await b.waitForRequest((r) => r.url().includes(`/api/workspaces/${workspaceId}/changes`), { timeout: 8_000 });
    await b.waitForRequest((r) => r.url().includes(`/api/workspaces/${workspaceId}/changes`), { timeout: 8_000 });
    b.off('request', record);
    expect(asked.filter((p) => p.startsWith('/api/') && !p.endsWith('/changes') && !p.endsWith('/messages'))).toEqual([]);
  });

  await test.step('A moves a task; B, with the Tasks tab open, sees it move within the poll', async () => {
    await b.goto(`/workspace/${workspaceId}?tab=tasks`);
    await expect(b.getByTestId('task-column-TODO').getByTestId('task-card').filter({ hasText: 'Price the option years' })).toHaveCount(1);
    await a.goto(`/workspace/${workspaceId}?tab=tasks`);
    await a.getByTestId('task-card').filter({ hasText: 'Price the option years' }).getByRole('button', { name: 'Start' }).click();
    await expect(a.getByText('Task status updated')).toBeVisible();
    await expect(
      b.getByTestId('task-column-IN_PROGRESS').getByTestId('task-card').filter({ hasText: 'Price the option years' }),
    ).toHaveCount(1, WITHIN_POLL);
    expect(taskId).not.toBe('');
  });

  await test.step("A invites C; C's dashboard shows the invitation within the poll", async () => {
    const c = await signedIn(browser, invitee.email, invitee.password);
    await expect(c.getByTestId('pending-invitations')).toHaveCount(0);
    await api(request, adminToken, 'POST', `/api/workspaces/${workspaceId}/invite`, { email: invitee.email, role: 'VIEWER' });
    await expect(c.getByTestId('pending-invite').filter({ hasText: `Live ${stamp}` })).toBeVisible(WITHIN_POLL);
  });
});
