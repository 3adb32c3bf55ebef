import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// This journey clears every opportunity of the shared e2e database, so it runs last: one worker
// runs the files in name order, hence the "z-" prefix.

async function api(request: APIRequestContext, token: string | null, method: 'GET' | 'POST', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.json();
}

// Issue 21 item 2: Clear All Opportunities used to strip every workspace (N/A header, no AI Tools)
// and a re-import never linked them back.
test('a workspace keeps its notice through Clear All Opportunities and relinks when it is imported again', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  let workspaceId = '';
  let notice: {
    notice_id: string;
    title: string;
    solicitation_number: string | null;
    agency: string | null;
    response_date: string | null;
  } | null = null;
  let adminToken = '';

  await test.step('set up: a workspace on a notice with an agency, a number and a due date', async () => {
    adminToken = (await api(request, null, 'POST', '/api/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).token;
    const list = await api(request, adminToken, 'GET', '/api/opportunities?page=1&limit=100');
    for (const summary of list.data) {
      if (!summary.agency || !summary.solicitation_number || !summary.response_date) continue;
      const link = await api(request, adminToken, 'GET', `/api/opportunities/${summary.id}/workspace`);
      if (link.workspace_id) continue;
      notice = await api(request, adminToken, 'GET', `/api/opportunities/${summary.id}`);
      workspaceId = (
        await api(request, adminToken, 'POST', '/api/workspaces', { solicitation_id: summary.id, name: `Kept notice ${stamp}` })
      ).id;
      break;
    }
    expect(notice, 'a listed notice without a workspace').not.toBeNull();
  });

  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

  await test.step('the dialog lists every consequence, workspaces included, and the clear keeps them', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Database' }).click();
    await page.getByRole('button', { name: 'Clear All Opportunities' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all opportunities?' });
    const consequences = dialog.getByTestId('clear-consequences');
    await expect(consequences).toContainText(/Delete all [\d,]+ opportunit/);
    await expect(consequences).toContainText(/saved \(favorited\) flag/);
    await expect(consequences).toContainText(/uploaded solicitation PDF/);
    await expect(consequences).toContainText(/Keep [\d,]+ workspaces? with all their team content/);
    await dialog.getByRole('button', { name: 'Yes, Clear Everything' }).click();
    await expect(page.getByText(/opportunities deleted; [\d,]+ workspaces? keeps? (its|their) notice details/)).toBeVisible();
  });

  await test.step('the workspace still shows its agency, number, due date and days to due, and AI Tools still write', async () => {
    await page.goto(`/workspace/${workspaceId}`);
    const facts = page.getByTestId('workspace-facts');
    await expect(facts).toContainText(`Agency: ${notice!.agency}`);
    await expect(facts).toContainText(`Solicitation: ${notice!.solicitation_number}`);
    await expect(facts).not.toContainText('N/A');
    await expect(facts.getByTestId('opportunity-unlinked')).toBeVisible();
    await expect(page.getByTestId('counter-days-to-due')).not.toContainText('—');
    await page.goto(`/workspace/${workspaceId}?tab=ai`);
    await expect(page.getByTestId('ai-no-opportunity')).toHaveCount(0);
    await page.getByRole('button', { name: 'Generate Requirements Analysis' }).click();
    await expect(page.getByText('Requirements Analysis generated')).toBeVisible();
  });

  await test.step('importing the same notice again links the workspace back to it', async () => {
    const n = notice!;
    const header = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,Active';
    const quote = (v: string | null) => `"${(v ?? '').replace(/"/g, '""')}"`;
    const row = [
      n.notice_id,
      n.title,
      n.solicitation_number,
      n.agency,
      new Date().toISOString().slice(0, 10),
      n.response_date!.slice(0, 10),
      'Yes',
    ]
      .map(quote)
      .join(',');
    const res = await request.post('/api/admin/import-csv-upload', {
      headers: { authorization: `Bearer ${adminToken}` },
      multipart: { file: { name: 'extract.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${row}\n`) } },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto(`/workspace/${workspaceId}`);
    await expect(page.getByTestId('workspace-facts').getByRole('link', { name: 'View opportunity' })).toBeVisible();
    await page.getByTestId('workspace-facts').getByRole('link', { name: 'View opportunity' }).click();
    await expect(page.getByRole('button', { name: 'Open Workspace' })).toBeVisible();
  });
});
