import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';
import { textPdf } from '../apps/api/test/solicitation-pdf';

const RFP_DIR = path.resolve(import.meta.dirname, '../../shared/data/rfp');

/** A draft's text typeset as a PDF, as a writer would export it from Word. */
const draftPdf = (file: string): Promise<Buffer> => textPdf(readFileSync(path.join(RFP_DIR, 'drafts', file), 'utf8'));

async function createWorkspace(request: APIRequestContext, name: string): Promise<string> {
  const login = await (await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  const headers = { authorization: `Bearer ${login.token}` };
  const list = await (await request.get('/api/opportunities?page=1&limit=20', { headers })).json();
  const res = await request.post('/api/workspaces', { headers, data: { solicitation_id: list.data[9].id, name } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

// Issue 13's journey: the real RFQ PDF becomes the workspace's requirements, a weak and a strong
// draft are scored against it, and the AI tools write a compliance checklist from it.
test('upload the real RFQ in a workspace, score a weak and a strong draft, generate a compliance checklist', async ({ page, request }) => {
  test.setTimeout(180_000);
  const workspaceId = await createWorkspace(request, `RFP ${Date.now()}`);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/workspace/${workspaceId}?tab=rfp`);

  await test.step('upload the solicitation PDF as a user would', async () => {
    await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
    await expect(page.getByText('Please select an RFP PDF file')).toBeVisible();
    await page.getByTestId('file-upload-card').locator('input[type=file]').setInputFiles(path.join(RFP_DIR, 'gsa-dol-14c-rfq.pdf'));
    await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
    const toast = page.getByText(/^RFP processed: \d+ requirements extracted$/);
    await expect(toast).toBeVisible({ timeout: 60_000 });
    expect(Number(/(\d+)/.exec((await toast.textContent())!)![1])).toBeGreaterThanOrEqual(50);
    await expect(page.getByText(/^Version 1 · \d+ pages · \d+ requirements · Completed$/)).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Section' }).getByText('M', { exact: true }).click();
    await expect(page.getByRole('cell', { name: /^M-\d[\w.()-]*$/ }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: /^L-\d[\w.()-]*$/ })).toHaveCount(0);
    // Issue 23: a list item shows the lead-in it hangs from, muted above its own text.
    const item = page.getByRole('row').filter({ hasText: 'Composition of the team' });
    await expect(item.getByTestId('requirement-lead-in')).toContainText('The following will be used to evaluate technical quotes:');
    await page.setViewportSize({ width: 390, height: 844 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-lead-in-390.png', fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-lead-in-1280.png', fullPage: false });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/rfp-requirements.png', fullPage: false });
  });

  const coverageOf = async (file: string): Promise<number> => {
    await page
      .getByTestId('file-upload-card')
      .locator('input[type=file]')
      .setInputFiles({ name: file.replace('.txt', '.pdf'), mimeType: 'application/pdf', buffer: await draftPdf(file) });
    await page.getByRole('button', { name: 'Upload Draft Proposal', exact: true }).click();
    const toast = page.getByText(/^Draft analyzed: \d+% coverage$/).last();
    await expect(toast).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Analysis Results')).toBeVisible();
    return Number(/(\d+)%/.exec((await toast.textContent())!)![1]);
  };

  let weak = 0;
  await test.step('the weak draft scores low and lists what it misses', async () => {
    weak = await coverageOf('weak.txt');
    await expect(page.getByRole('list', { name: 'Missing requirements' }).getByRole('listitem').first()).toBeVisible();
    await page.getByText('Analysis Results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-weak-draft.png', fullPage: false });
  });

  await test.step('Run New Analysis: the strong draft scores higher', async () => {
    await page.getByRole('button', { name: 'Run New Analysis' }).click();
    const strong = await coverageOf('strong.txt');
    expect(strong).toBeGreaterThan(weak);
    await expect(page.getByText('Fit Score (out of 100)')).toBeVisible();
    await page.getByText('Analysis Results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-strong-draft.png', fullPage: false });
  });

  await test.step('issue 24: the analysis opens first with scores, then the ranked gaps; the requirements sit behind their own view', async () => {
    const views = page.getByRole('radiogroup', { name: 'Requirements view' });
    await expect(views.getByRole('radio', { name: 'Analysis' })).toBeChecked();
    // No requirement rows above the results: the results start near the top of the tab.
    await expect(page.getByRole('cell', { name: /^L-\d/ })).toHaveCount(0);
    const results = await page.getByText('Analysis Results').boundingBox();
    expect(results!.y).toBeLessThan(900);
    // The strong draft contradicts nothing; the gaps are ranked and name where to answer.
    await expect(page.getByRole('heading', { name: /^Conflicts/ })).toHaveCount(0);
    const gaps = page.getByRole('list', { name: 'Suggestions' }).getByRole('listitem');
    await expect(gaps.first()).toBeVisible();
    expect(await gaps.count()).toBeLessThanOrEqual(10);
    await expect(gaps.first()).toContainText(/under .+|in a new section/);
    await expect(page.getByTestId('status-counts')).toContainText(/\d+ addressed/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByText('Analysis Results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-analysis-1280.png', fullPage: false });
    await page.getByRole('heading', { name: /^Suggestions/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-gaps-1280.png', fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Analysis Results').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/rfp-analysis-390.png', fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
    await views.getByText('Requirements', { exact: true }).click();
    await expect(page.getByRole('cell', { name: /^L-\d/ }).first()).toBeVisible();
    await expect(page.getByText('Analysis Results')).toHaveCount(0);
  });

  await test.step('Section L requirements become board tasks; the matrix shows task and draft status per row', async () => {
    await page.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Requirements', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Section' }).getByText('L', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all shown requirements' }).check();
    await page.getByRole('button', { name: 'Create tasks', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create tasks from requirements' });
    await dialog.getByRole('radio', { name: 'One task per section group' }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(/^\d+ tasks? created/)).toBeVisible();

    await page.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Compliance Matrix', { exact: true }).click();
    const first = page.getByTestId('matrix-row-L-5.1-e7aa27');
    await expect(first).toContainText('To Do');
    await expect(first).toContainText(/Section L/);
    await expect(page.locator('[data-testid^="matrix-row-"]').filter({ hasText: 'Addressed' }).first()).toBeVisible();
    await expect(
      page
        .locator('[data-testid^="matrix-row-"]')
        .filter({ hasText: /^(?![\s\S]*Addressed)[\s\S]*(Missing|Partial)/ })
        .first(),
    ).toBeVisible();
    await page.getByTestId('matrix-row-L-5.1-e7aa27').scrollIntoViewIfNeeded();
    // The draft status stays on screen at 1280 px (it sits next to the requirement).
    const status = page.getByTestId('matrix-row-L-5.1-e7aa27').locator('td').nth(2);
    const box = await status.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: 'test-results/rfp-compliance-matrix.png', fullPage: false });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/_compliance_matrix\.xlsx$/);
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(page.getByTestId('task-column-TODO').getByTestId('task-card').first()).toContainText('Section L');
  });

  await test.step('AI Tools write a Compliance Checklist from the RFP; every member can open it', async () => {
    await page.getByRole('tab', { name: 'AI Tools' }).click();
    await page.getByRole('button', { name: 'Generate Compliance Checklist' }).click();
    await expect(page.getByText('Compliance Checklist generated')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('ai-document-preview')).toContainText(/\bL-\d[\w.()]*/);
    await page.screenshot({ path: 'test-results/ai-tools-checklist.png', fullPage: false });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ai-document-row')).toHaveCount(1);
  });

  await test.step('the Activity log has the upload, the analyses and the generation', async () => {
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByTestId('activity-item').first()).toBeVisible();
    await expect(page.getByTestId('activity-list')).toContainText('gsa-dol-14c-rfq.pdf');
  });
});
