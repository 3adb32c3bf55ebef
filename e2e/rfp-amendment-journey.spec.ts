import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { RFQ_AMENDMENT, amendRfqText } from '../apps/api/test/rfq-amendment';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';
import { textPdf } from '../apps/api/test/solicitation-pdf';

const RFQ_TEXT = readFileSync(path.resolve(import.meta.dirname, '../../shared/data/rfp/gsa-dol-14c-rfq.txt'), 'utf8');

async function login(request: APIRequestContext) {
  const login = await (await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  return { authorization: `Bearer ${login.token}` };
}

async function createWorkspace(request: APIRequestContext, name: string): Promise<string> {
  const headers = await login(request);
  const list = await (await request.get('/api/opportunities?page=1&limit=20', { headers })).json();
  const res = await request.post('/api/workspaces', { headers, data: { solicitation_id: list.data[11].id, name } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

// Issue 13 item 4: the real RFQ is uploaded, two of its requirements become tasks, then an amended
// copy (one requirement reworded, one deleted, one added, a paragraph moved) is uploaded in the same
// workspace: the RFP tab shows exactly what changed, the board flags the two tasks, the matrix marks
// the reworded row, and a member dismisses a flag.
test('upload an amended RFQ: see the diff, the flagged tasks and the marked matrix row, then dismiss a flag', async ({ page, request }) => {
  test.setTimeout(240_000);
  const workspaceId = await createWorkspace(request, `Amendment ${Date.now()}`);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/workspace/${workspaceId}?tab=rfp`);
  const fileInput = page.getByTestId('file-upload-card').locator('input[type=file]');

  await test.step('upload the RFQ and turn the two requirements the amendment will touch into tasks', async () => {
    await fileInput.setInputFiles({ name: 'dol-14c-rfq.pdf', mimeType: 'application/pdf', buffer: await textPdf(RFQ_TEXT) });
    await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
    await expect(page.getByText(/^RFP processed: \d+ requirements extracted$/)).toBeVisible({ timeout: 90_000 });
    const rfp = await (await request.get(`/api/workspaces/${workspaceId}/rfp/solicitation`, { headers: await login(request) })).json();
    const idOf = (text: string) => rfp.requirements.find((r: { text: string }) => r.text === text).requirement_id as string;
    for (const text of [RFQ_AMENDMENT.changedFrom, RFQ_AMENDMENT.removed])
      await page.getByRole('checkbox', { name: `Select ${idOf(text)}`, exact: true }).check();
    await page.getByRole('button', { name: 'Create tasks', exact: true }).click();
    await page.getByRole('dialog', { name: 'Create tasks from requirements' }).getByRole('button', { name: 'Create', exact: true }).click();
    const headers = await login(request);
    await expect
      .poll(async () =>
        (await (await request.get(`/api/workspaces/${workspaceId}/tasks`, { headers })).json())
          .map((t: { requirement_ids: string[] }) => t.requirement_ids[0])
          .sort(),
      )
      .toEqual([idOf(RFQ_AMENDMENT.changedFrom), idOf(RFQ_AMENDMENT.removed)].sort());
  });

  await test.step('upload the amended copy: the diff shows exactly the reworded, added and removed requirement', async () => {
    await page.getByRole('button', { name: 'Upload New RFP' }).click();
    await fileInput.setInputFiles({
      name: 'dol-14c-rfq-amendment-1.pdf',
      mimeType: 'application/pdf',
      buffer: await textPdf(amendRfqText(RFQ_TEXT)),
    });
    await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
    await expect(page.getByText('RFP amended: 1 added, 1 changed, 1 removed — 2 tasks affected')).toBeVisible({ timeout: 90_000 });
    const diff = page.getByTestId('rfp-amendment');
    await expect(diff.getByRole('heading', { name: 'Amendment: version 2 against version 1' })).toBeVisible();
    await expect(diff.getByTestId('amendment-counts')).toContainText('1 added');
    await expect(diff.getByTestId('amendment-counts')).toContainText('1 changed');
    await expect(diff.getByTestId('amendment-counts')).toContainText('1 removed');
    await expect(diff.getByTestId('amendment-counts')).toContainText('2 tasks affected');
    await expect(diff.getByTestId('amendment-changed')).toHaveCount(1);
    await expect(diff.getByTestId('amendment-previous-text')).toHaveText(`Was: ${RFQ_AMENDMENT.changedFrom}`);
    await expect(diff.getByTestId('amendment-current-text')).toHaveText(`Now: ${RFQ_AMENDMENT.changedTo}`);
    await expect(diff.getByTestId('amendment-added')).toContainText(RFQ_AMENDMENT.added);
    await expect(diff.getByTestId('amendment-removed')).toContainText(RFQ_AMENDMENT.removed);
    await expect(diff.getByTestId('amendment-removed')).toContainText('Task:');
    await diff.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-amendment-diff.png', fullPage: false });
  });

  await test.step('the compliance matrix marks the reworded requirement and its flagged task', async () => {
    await page.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Compliance Matrix', { exact: true }).click();
    const changedRow = page.locator('[data-testid^="matrix-row-"][data-amended="changed"]');
    await expect(changedRow).toHaveCount(1);
    await expect(changedRow).toContainText('Changed in v2');
    await expect(changedRow).toContainText(RFQ_AMENDMENT.changedTo);
    await expect(changedRow).toContainText('Requirements changed');
    await expect(page.locator('[data-testid^="matrix-row-"][data-amended="added"]')).toContainText(RFQ_AMENDMENT.added);
    await changedRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-amendment-matrix.png', fullPage: false });
  });

  await test.step('the board flags both tasks; dismissing one clears its flag', async () => {
    await page.getByRole('tab', { name: 'Tasks' }).click();
    const flagged = page.getByTestId('task-card').filter({ has: page.getByTestId('task-requirements-changed') });
    await expect(flagged).toHaveCount(2);
    await expect(flagged.filter({ hasText: 'reworded in version 2' })).toContainText(RFQ_AMENDMENT.changedTo);
    await expect(flagged.filter({ hasText: 'removed in version 2' })).toHaveCount(1);
    await flagged.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-amendment-tasks.png', fullPage: false });
    await flagged.filter({ hasText: 'reworded in version 2' }).getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText('Requirement changes dismissed')).toBeVisible();
    await expect(flagged).toHaveCount(1);
  });

  await test.step('the Activity log has the amendment', async () => {
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByTestId('activity-list')).toContainText(
      'Version 2 of the RFP amends version 1: 1 added, 1 changed, 1 removed — 2 tasks affected',
    );
  });
});
