import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

async function newSignedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

// Issue 5's journey: an administrator runs the organisation from /admin; a user sees the result.
test('admin creates a user, hands out a code, notifies everyone, and promotes the user', async ({ browser }) => {
  const member = { name: 'Morgan Member', email: `morgan.${Date.now()}@example.com`, password: 'member-pass-1' };
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const admin = await context.newPage();
  await signIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.getByRole('link', { name: 'Admin' }).click();
  await expect(admin).toHaveURL(/\/admin$/);

  await test.step('create a user without a code', async () => {
    await admin.getByRole('tab', { name: 'User Management' }).click();
    await admin.getByLabel('Email').fill(member.email);
    await admin.getByLabel('Full Name').fill(member.name);
    await admin.getByLabel('Password').fill(member.password);
    await admin.getByRole('button', { name: 'Create User' }).click();
    await expect(admin.getByText('User created successfully')).toBeVisible();
  });

  await test.step('generate an invite code and copy it', async () => {
    await admin.getByRole('button', { name: 'Generate Invite Code' }).click();
    const code = (await admin.getByTestId('invite-code').first().textContent())!.trim();
    await admin.getByRole('button', { name: `Copy ${code}` }).click();
    await expect(admin.getByText('Code copied to clipboard')).toBeVisible();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  await test.step('send a notification to all users', async () => {
    await admin.getByRole('tab', { name: 'Notifications' }).click();
    await admin.getByLabel('Title').fill('Proposal kickoff');
    await admin.getByLabel('Message').fill('Kickoff for the Navy bid is Monday at 9:00.');
    await admin.getByLabel('Link (optional)').fill('/documents');
    await admin.getByRole('button', { name: 'Send Notification' }).click();
    await expect(admin.getByText(/^Notification sent to \d+ users$/)).toBeVisible();
    await admin.screenshot({ path: 'test-results/admin-notifications.png', fullPage: false });
  });

  await test.step('analytics draws charts', async () => {
    await admin.getByRole('tab', { name: 'Analytics' }).click();
    await expect(admin.getByText('Registrations per Day')).toBeVisible();
    await expect(admin.locator('.recharts-surface').first()).toBeVisible();
    // Issue 21: every bar has its name on the chart (one chart showed 3 names for 6 bars).
    const charts = admin.locator('.recharts-wrapper').filter({ has: admin.locator('.recharts-bar-rectangle') });
    expect(await charts.count()).toBeGreaterThan(0);
    for (const chart of await charts.all()) {
      const bars = await chart.locator('.recharts-bar-rectangle').count();
      const names = await chart
        .locator('.recharts-cartesian-axis-tick-value')
        .evaluateAll((ticks) => ticks.filter((t) => !/^[\d.,]+$/.test(t.textContent ?? '')).length);
      expect(names).toBe(bars);
    }
    await admin.screenshot({ path: 'test-results/admin-analytics.png', fullPage: false });
  });

  const user = await newSignedInPage(browser, member.email, member.password);
  await test.step('the user sees it in the bell, opens it and deletes it', async () => {
    await expect(user.getByTestId('notification-unread-count')).toHaveText('1');
    await user.getByRole('button', { name: /^Notifications/ }).click();
    const item = user.getByTestId('notification-item').filter({ hasText: 'Proposal kickoff' });
    await expect(item.getByText('Admin', { exact: true })).toBeVisible();
    await user.screenshot({ path: 'test-results/notification-bell.png', fullPage: false });
    await item.getByRole('button', { name: 'Proposal kickoff', exact: true }).click();
    await expect(user).toHaveURL(/\/documents$/);
    await expect(user.getByTestId('notification-unread-count')).toHaveAttribute('data-count', '0');
    await user.getByRole('button', { name: /^Notifications/ }).click();
    await user.getByRole('button', { name: 'Delete notification Proposal kickoff' }).click();
    await expect(user.getByText('Notification deleted')).toBeVisible();
    await expect(user.getByTestId('notification-item')).toHaveCount(0);
    await expect(user.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  await test.step("the admin makes the user an admin; the user's next request has the new role", async () => {
    await admin.getByRole('tab', { name: 'Users' }).click();
    const row = admin.getByTestId('admin-user-row').filter({ hasText: member.email });
    await row.getByRole('textbox', { name: `Role for ${member.name}` }).click();
    await admin.getByRole('option', { name: 'Admin', exact: true }).click();
    await admin.getByRole('button', { name: 'Change Role' }).click();
    await expect(admin.getByText('User role updated to admin')).toBeVisible();
    await expect(row.getByTestId('role-badge')).toHaveText('admin');

    await user.reload();
    await expect(user.getByRole('link', { name: 'Admin' })).toBeVisible();
    await user.getByRole('link', { name: 'Admin' }).click();
    await expect(user.getByRole('tab', { name: 'Users' })).toBeVisible();
    await expect(user.getByText("Access Denied - You don't have permission to access this page.")).toHaveCount(0);
  });
});
