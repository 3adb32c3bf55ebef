import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';
import { realSolicitationPdf } from '../apps/api/test/solicitation-pdf';

// Issue 21 item 4: at 390 px the opportunity page was 471 px wide (Create Workspace and Save cut
// off) and the row actions of Saved Docs and workspace Documents were off screen; at 1280 px with
// the chat open the task board wrapped 2x2, invitation badges were cut and toasts covered buttons.

/** The page never scrolls sideways: nothing is wider than the window. */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** The control is inside the window's width (and its scroll container does not hide it). */
async function expectWithinWidth(page: Page, control: Locator, what: string) {
  await expect(control, what).toBeVisible();
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge at ${Math.round(box.x + box.width)} px of ${width}`).toBeLessThanOrEqual(width);
}

/** Whether two boxes share any area. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('at 390 px (a phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the opportunity page, Saved Docs and workspace Documents fit the width, their actions on screen', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectNoHorizontalOverflow(page, 'dashboard');
    await page.getByTestId('opportunity-card').nth(15).getByTestId('opportunity-title').click();
    await expect(page).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);

    await test.step('opportunity page', async () => {
      await expect(page.getByTestId('solicitation-number')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'opportunity page');
      await expectWithinWidth(page, page.getByRole('button', { name: 'Create Workspace' }), 'Create Workspace');
      await expectWithinWidth(page, page.getByTestId('save-toggle').first(), 'Save');
      await page.screenshot({ path: 'test-results/390-opportunity.png', fullPage: true });
    });

    await test.step('Saved Docs: every row action on screen', async () => {
      await page
        .getByTestId('pdf-upload')
        .locator('input[type=file]')
        .setInputFiles({ name: 'gsa-14c-rfq.pdf', mimeType: 'application/pdf', buffer: await realSolicitationPdf() });
      await expect(page.getByText(/^PDF processed: \d+ requirements extracted$/)).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page, 'opportunity page with requirements');
      await page.getByRole('tab', { name: /Generated Documents/ }).click();
      await page.getByRole('button', { name: 'Executive Brief' }).click();
      await expect(page.getByTestId('document-preview')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto('/documents');
      const row = page.getByTestId('document-row').first();
      await expect(row).toBeVisible();
      await expectNoHorizontalOverflow(page, 'Saved Docs');
      for (const name of ['View document', 'Download document', 'Delete document'])
        await expectWithinWidth(page, row.getByRole('button', { name }), `Saved Docs ${name}`);
      await page.screenshot({ path: 'test-results/390-saved-docs.png', fullPage: true });
      await page.goBack();
    });

    await test.step('workspace Documents: every row action on screen', async () => {
      await page.getByRole('button', { name: 'Create Workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Workspace' });
      await dialog.getByLabel('Workspace name').fill('Phone bid');
      await dialog.getByRole('button', { name: 'Create Workspace' }).click();
      await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
      await expectNoHorizontalOverflow(page, 'workspace overview');
      await expectWithinWidth(page, page.getByRole('button', { name: 'Workspace actions' }), 'workspace menu');
      await page.getByRole('tab', { name: 'Documents' }).click();
      await page.getByRole('button', { name: 'Upload Document' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Document' });
      await upload.locator('input[type=file]').setInputFiles({
        name: 'technical-volume-draft.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Technical volume, first draft.'),
      });
      await upload.getByRole('button', { name: 'Upload', exact: true }).click();
      const row = page.getByTestId('document-row').filter({ hasText: 'technical-volume-draft.txt' });
      await expect(row).toBeVisible();
      await expectNoHorizontalOverflow(page, 'workspace Documents');
      for (const name of [
        'Check out technical-volume-draft.txt',
        'Download technical-volume-draft.txt',
        'Version history of technical-volume-draft.txt',
      ]) {
        await expectWithinWidth(page, row.getByRole('button', { name }), `workspace Documents ${name}`);
      }
      await page.screenshot({ path: 'test-results/390-workspace-documents.png', fullPage: true });
      for (const tab of ['Tasks', 'Team', 'RFP Analysis', 'AI Tools', 'Activity']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectNoHorizontalOverflow(page, `workspace ${tab}`);
      }
    });
  });
});

test.describe('at 1280 px with the chat open', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the task board is one row, invitation badges are whole, toasts leave the buttons free', async ({ page }) => {
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByTestId('opportunity-card').nth(16).getByTestId('opportunity-title').click();
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Workspace' });
    await dialog.getByLabel('Workspace name').fill('Desk bid');
    await dialog.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('chat-panel')).toBeVisible();

    await test.step('four task columns side by side', async () => {
      await page.getByRole('tab', { name: 'Tasks' }).click();
      const tops = await Promise.all(
        ['TODO', 'IN_PROGRESS', 'REVIEW', 'DONE'].map(async (s) => (await page.getByTestId(`task-column-${s}`).boundingBox())!.y),
      );
      expect(new Set(tops.map(Math.round)).size, `column tops ${tops.join(', ')}`).toBe(1);
      await expectNoHorizontalOverflow(page, 'task board');
      await page.screenshot({ path: 'test-results/1280-task-board.png', fullPage: false });
    });

    await test.step('an invitation shows its whole role and status; the toast covers no workspace action', async () => {
      await page.getByRole('tab', { name: 'Team' }).click();
      await page.getByRole('button', { name: 'Invite Member' }).click();
      const invite = page.getByRole('dialog', { name: 'Invite Member' });
      await invite.getByLabel('Email').fill('contributor-badge@example.com');
      await invite.getByRole('button', { name: 'Send Invitation' }).click();
      // Page actions (the workspace menu, Excel/Download, Upload) sit at the top of the content;
      // the toast shows at the bottom, clear of them.
      const toast = page.locator('.mantine-Notification-root').first();
      await expect(toast).toBeVisible();
      let toastBox: Awaited<ReturnType<Locator['boundingBox']>> = null;
      await expect.poll(async () => (toastBox = await toast.boundingBox())).not.toBeNull();
      const menu = (await page.getByRole('button', { name: 'Workspace actions' }).boundingBox())!;
      expect(overlaps(toastBox!, menu), 'the toast covers the workspace menu').toBe(false);
      expect(toastBox!.y, 'the toast sits in the lower half of the window').toBeGreaterThan(page.viewportSize()!.height / 2);
      const list = page.getByTestId('workspace-invites');
      const row = list.locator('tr, [data-testid="workspace-invite-row"]').filter({ hasText: 'contributor-badge@example.com' });
      await expect(row).toBeVisible();
      for (const text of ['CONTRIBUTOR', 'PENDING']) {
        const badge = row.locator('.mantine-Badge-root').filter({ hasText: new RegExp(text, 'i') });
        await expect(badge).toBeVisible();
        const cut = await badge.evaluate((b) => {
          const label = b.querySelector('.mantine-Badge-label') ?? b;
          return label.scrollWidth > label.clientWidth + 1;
        });
        expect(cut, `${text} badge is cut`).toBe(false);
      }
      await page.screenshot({ path: 'test-results/1280-team-invitations.png', fullPage: false });
    });
  });
});
