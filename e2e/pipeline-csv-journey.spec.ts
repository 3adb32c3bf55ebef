import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Papa from 'papaparse';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

async function api(request: APIRequestContext, token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

// Issue 26 item 6: a capture lead of her own exports her pipeline as CSV, edits it as a spreadsheet
// would (a changed p(win), a new notice, a notice that does not exist), imports it and reads the
// report. Listing entries 40 and 41 (a 50-row page) are no other journey's; her pursuits are removed
// at the end, since the pipeline journey counts the board and the funnel.
test('a capture lead exports the pipeline, imports an edited file and reads the per-row report', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const cleo = { name: 'Cleo Csv', email: `cleo.${stamp}@e2e.test`, password: 'cleo-pass-1' };
  const { token: adminToken } = await api(request, null, 'POST', '/api/auth/login', {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
  });
  await api(request, adminToken, 'POST', '/api/admin/create-user', { ...cleo, role: 'user' });
  const { token, user } = await api(request, null, 'POST', '/api/auth/login', { email: cleo.email, password: cleo.password });
  const list = await api(request, token, 'GET', '/api/opportunities?page=1&limit=50');
  const [tracked, fresh] = [list.data[40], list.data[41]] as { id: string; title: string; notice_id: string }[];
  const pursuit = await api(request, token, 'POST', '/api/pursuits', { opportunity_id: tracked!.id });

  try {
    await signIn(page, cleo.email, cleo.password);
    let exported = '';
    await test.step('Export CSV downloads her pursuits (the owner filter in the URL)', async () => {
      await page.goto(`/pipeline?owner=${user.id}`);
      await expect(page.getByRole('group', { name: tracked!.title })).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^pipeline-\d{4}-\d{2}-\d{2}\.csv$/);
      exported = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
      const rows = Papa.parse<Record<string, string>>(exported, { header: true, skipEmptyLines: true }).data;
      expect(rows.map((r) => [r.notice_id, r.title, r.stage, r.capture_owner_email])).toEqual([
        [tracked!.notice_id, tracked!.title, 'Identified', cleo.email],
      ]);
    });

    await test.step('Import CSV: the edited file, then the report with the refused row and its reason', async () => {
      const [row] = Papa.parse<Record<string, string>>(exported, { header: true, skipEmptyLines: true }).data;
      const edited = Papa.unparse([
        { ...row!, p_win: '60', next_action: 'Call the contracting officer' },
        { ...row!, notice_id: fresh!.notice_id, solicitation_number: '', stage: '', p_win: '25', next_action: '' },
        { ...row!, notice_id: 'nosuchnotice0001', solicitation_number: '' },
      ]);
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import pursuits from CSV' });
      // Mantine's FileInput is a labelled button over a hidden input: the file goes to the input.
      await expect(dialog.getByRole('button', { name: 'Pursuit CSV file' })).toBeVisible();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'pipeline-edited.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByRole('status')).toHaveText('3 rows: 1 created, 1 updated, 0 unchanged, 1 refused');
      await expect(
        dialog.getByTestId('refused-rows').getByRole('row', { name: /^4 nosuchnotice0001 No notice has the notice id nosuchnotice0001/ }),
      ).toBeVisible();
      await expect(page.getByText('Imported: 1 created, 1 updated, 0 unchanged, 1 refused')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Pipeline: CSV import report');
      await page.screenshot({ path: 'test-results/pipeline-csv-import-1280.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(dialog.getByTestId('refused-rows')).toBeVisible();
      await page.screenshot({ path: 'test-results/pipeline-csv-import-390.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the board shows what the import changed', async () => {
      const identified = page.getByTestId('pipeline-column').first();
      await expect(identified.getByRole('heading', { level: 2 })).toHaveText('Identified (2)');
      await expect(identified.getByRole('group', { name: fresh!.title })).toBeVisible();
      const mine = (await api(request, token, 'GET', `/api/pursuits/${pursuit.id}`)) as { p_win: number; next_action: string };
      expect({ p_win: mine.p_win, next_action: mine.next_action }).toEqual({ p_win: 60, next_action: 'Call the contracting officer' });
    });
  } finally {
    // The pipeline journey counts the board and the funnel: leave no pursuit of hers behind.
    const left = (await api(request, token, 'GET', `/api/pursuits?owner=${user.id}`)).data as { id: string }[];
    for (const p of left) await api(request, token, 'DELETE', `/api/pursuits/${p.id}`);
  }
});
