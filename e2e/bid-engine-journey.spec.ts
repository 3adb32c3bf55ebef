import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';
import { realSolicitationPdf } from '../apps/api/test/solicitation-pdf';

// Issue 4's journey: a real solicitation PDF becomes requirements and bid documents.
test('upload a solicitation PDF, see its requirements, generate documents, find them under Saved Docs', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByTestId('opportunity-card').first().getByTestId('opportunity-title').click();
  await expect(page).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);
  const solicitationNumber = (await page.getByTestId('solicitation-number').innerText()).trim();

  await test.step('upload the PDF: requirements are extracted and the opportunity shows it was processed', async () => {
    await page
      .getByTestId('pdf-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: 'gsa-14c-rfq.pdf', mimeType: 'application/pdf', buffer: await realSolicitationPdf() });
    const toast = page.getByText(/^PDF processed: \d+ requirements extracted$/);
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const count = Number(/(\d+)/.exec((await toast.textContent())!)![1]);
    expect(count).toBeGreaterThanOrEqual(80);
    await expect(page.getByText('PDF processed', { exact: true })).toBeVisible();
    const table = page.getByTestId('requirements-table');
    await expect(table).toContainText('L-5.1-e7aa27');
    await expect(table).toContainText('M-6.1');
    await page.screenshot({ path: 'test-results/opportunity-requirements.png', fullPage: false });
  });

  await test.step('generate a compliance matrix and an executive brief', async () => {
    await page.getByRole('tab', { name: /Generated Documents/ }).click();
    await page.getByRole('button', { name: 'Compliance Matrix' }).click();
    const preview = page.getByTestId('document-preview');
    await expect(preview.getByRole('table').first()).toBeVisible();
    await expect(preview).toContainText('L-5.1-e7aa27');
    await page.screenshot({ path: 'test-results/compliance-matrix.png', fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Executive Brief' }).click();
    await expect(page.getByTestId('document-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('documents-count')).toHaveText('2');
  });

  await test.step('Saved Docs lists both; download one, delete the other', async () => {
    await page.getByRole('link', { name: 'Saved Docs' }).click();
    const rows = page.getByTestId('document-row');
    await expect(rows).toHaveCount(2);
    const download = page.waitForEvent('download');
    await rows.filter({ hasText: 'Compliance Matrix' }).getByRole('button', { name: 'Download document' }).click();
    expect((await download).suggestedFilename()).toBe(`${solicitationNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}_compliance.txt`);
    await rows.filter({ hasText: 'Executive Brief' }).getByRole('button', { name: 'Delete document' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Document deleted')).toBeVisible();
    await expect(rows).toHaveCount(1);
  });
});
