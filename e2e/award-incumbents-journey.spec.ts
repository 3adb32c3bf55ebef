import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { expect, test } from '@playwright/test';
import yazl from 'yazl';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

const AWARDS_CSV = path.resolve(
  import.meta.dirname,
  '../apps/api/src/modules/awards/import/fixtures/Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv',
);

// Issue 27's journey: an admin loads real USAspending award data, then a notice shows its
// incumbent and prior award candidates with the rule that found each and its source.
test('a notice shows its incumbent and prior awards with the rule and source after an admin loads award data', async ({ page }) => {
  test.setTimeout(180_000);
  const word = `incumbent${Date.now().toString(36)}`;
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

  await test.step('the admin uploads a notice and the real award file in Admin → Database', async () => {
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('tab', { name: 'Database' }).click();
    const csv = [
      'NoticeId,Title,Sol#,Department/Ind.Agency,CGAC,FPDS Code,AAC Code,Type,PostedDate,ResponseDeadLine,NaicsCode,ClassificationCode,PopState,Active,Description',
      `e2e${Date.now()}aw,${word} research follow-on,W912HQ24S0004,DEPT OF DEFENSE,097,2100,W912HQ,Solicitation,2026-11-20,2027-06-01T17:00:00-05:00,541715,AJ11,TX,Yes,"Previously performed under W912HQ-22-P-0064."`,
    ].join('\n');
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'extract.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await expect(page.getByTestId('upload-status')).toContainText('1 opportunities imported');
    await page.locator('input[type="file"]').nth(1).setInputFiles(AWARDS_CSV);
    await page.getByRole('button', { name: 'Import award file' }).click();
    await expect(page.getByTestId('award-upload-status')).toContainText(
      '104 awards imported (104 new, 0 updated, 0 unchanged) from 104 rows',
      { timeout: 60_000 },
    );
    await expectNoSeriousA11yViolations(page, 'Admin → Database with the award upload');
  });

  await test.step('the same data as a ZIP download is read without unzipping, changing nothing', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(readFileSync(AWARDS_CSV), path.basename(AWARDS_CSV));
    zip.addBuffer(Buffer.from('USAspending data dictionary: see usaspending.gov'), 'README.txt');
    zip.end();
    await page
      .locator('input[type="file"]')
      .nth(1)
      .setInputFiles({ name: 'Contracts_2026-06-25.zip', mimeType: 'application/zip', buffer: await buffer(zip.outputStream) });
    await page.getByRole('button', { name: 'Import award file' }).click();
    const status = page.getByTestId('award-upload-status');
    await expect(status).toContainText('104 awards imported (0 new, 0 updated, 104 unchanged) from 104 rows', { timeout: 60_000 });
    await expect(status).toContainText('README.txt: skipped: not a CSV file');
    await page.screenshot({ path: 'test-results/award-zip-upload.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await status.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/award-zip-upload-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the notice lists the candidates, strongest rule first, each with its source', async () => {
    await page.goto(`/?keywords=${word}`);
    await page.getByTestId('opportunity-title').filter({ hasText: word }).first().click();
    await expect(page.getByTestId('opportunity-heading')).toContainText(word);
    const section = page.getByTestId('incumbent-awards');
    await expect(section.getByRole('heading', { name: 'Incumbent and prior awards' })).toBeVisible();
    const candidates = section.getByTestId('incumbent-candidate');
    await expect(candidates.first()).toHaveAttribute('data-rule', 'quoted_contract_number');
    await expect(candidates.first()).toContainText('matched: contract number quoted in the notice (W912HQ22P0064)');
    await expect(candidates.first()).toContainText('WILLIAM MARSH RICE UNIVERSITY');
    await expect(candidates.nth(1)).toContainText('matched: solicitation number on the award (W912HQ24S0004)');
    await expect(candidates.first().getByRole('link', { name: /USAspending download record/ })).toHaveAttribute(
      'href',
      'https://www.usaspending.gov/award/CONT_AWD_W912HQ22P0064_9700_-NONE-_-NONE-/',
    );
    await expect(section).toContainText('DoD awards appear in public award data about 90 days after they are signed');
    await page.screenshot({ path: 'test-results/incumbent-awards.png', fullPage: true });
    await expectNoSeriousA11yViolations(page, 'opportunity with incumbent awards');
  });
});
