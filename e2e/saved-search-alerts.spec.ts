import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// Issue 15 item 4's journey: save a search, an admin imports new rows, the alert is in the bell
// and opens the search.
test('a saved search alerts in the bell after an admin imports matching rows, and the alert opens the search', async ({ page }) => {
  // Four screens and an import on a busy 2-core machine: more than the default minute.
  test.setTimeout(180_000);
  const word = `zeppelin${Date.now().toString(36)}`;
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);

  await test.step('search, then save the search under a name', async () => {
    await page.goto(`/?keywords=${word}`);
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save search' });
    await dialog.getByLabel('Name').fill('Airship work');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Search saved as "Airship work"')).toBeVisible();
    await page.getByRole('button', { name: /^Saved searches/ }).click();
    await expect(page.getByRole('button', { name: 'Open saved search Airship work' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the admin uploads a CSV with a new matching notice in Admin → Database', async () => {
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('tab', { name: 'Database' }).click();
    const csv = [
      'NoticeId,Title,Sol#,Department/Ind.Agency,Type,PostedDate,ResponseDeadLine,NaicsCode,Active',
      `e2e${Date.now()},${word} hangar maintenance,N00024-26-R-7001,DEPT OF THE NAVY,Solicitation,2026-11-20,2099-03-01T17:00:00-05:00,488190,Yes`,
      `e2e${Date.now()}b,Office furniture,GS-26-0002,GENERAL SERVICES ADMINISTRATION,Solicitation,2026-11-20,2099-03-01,337211,Yes`,
    ].join('\n');
    // The first file input is the opportunity upload's (the second is the award data upload's).
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'extract.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await expect(page.getByTestId('upload-status')).toContainText('2 opportunities imported (2 new, 0 updated, 0 unchanged)');
    await page.screenshot({ path: 'test-results/saved-search-upload.png', fullPage: false });
  });

  await test.step('the bell has one alert for the search; opening it runs the search', async () => {
    // The bell polls every 30 s; a reload reads it now.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('notification-unread-count')).not.toHaveAttribute('data-count', '0', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByTestId('notification-item').filter({ hasText: 'New matches for "Airship work"' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('1 new notice matches your saved search "Airship work".');
    await page.screenshot({ path: 'test-results/saved-search-bell.png', fullPage: false });
    await item.getByRole('button', { name: 'New matches for "Airship work"', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?keywords=${word}$`));
    await expect(page.getByText(`${word} hangar maintenance`, { exact: false }).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/saved-search-opened.png', fullPage: false });
  });
});
