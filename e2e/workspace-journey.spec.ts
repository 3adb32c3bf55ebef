import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './playwright.config';
import { waitForMailLink } from './outbox';
import { signIn } from './sign-in';

const JOIN_LINK = new RegExp(`http://127\\.0\\.0\\.1:${E2E_PORT}/join/[A-Za-z0-9_-]+`);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Scrolls the NDA to the end, ticks the box and accepts; the app then shows the workspace. */
async function acceptNda(page: Page): Promise<void> {
  await expect(page.getByTestId('nda-screen')).toBeVisible();
  await expect(page.getByText('Please scroll through the entire document to continue')).toBeVisible();
  const checkbox = page.getByRole('checkbox', { name: /I have read and agree/ });
  await expect(checkbox).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Accept and Continue' })).toBeDisabled();
  await page.getByTestId('nda-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(checkbox).toBeEnabled();
  await checkbox.check();
  await page.getByRole('button', { name: 'Accept and Continue' }).click();
  await expect(page.getByText('NDA accepted successfully')).toBeVisible();
}

// Issue 11's journey: a capture lead opens a workspace on an opportunity, invites a teammate who
// has an account and a partner who does not; both join through the mailed link and the NDA.
test('owner creates a workspace and invites by email; teammates join through the link and the NDA; one leaves', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const rita = { name: 'Rita Reviewer', email: `rita.${stamp}@example.com`, password: 'rita-pass-1' };
  const nate = { name: 'Nate Partner', email: `nate.${stamp}@partner.example`, password: 'nate-pass-1' };

  await test.step('an admin gives Rita an account (Nate has none)', async () => {
    const login = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    const { token } = await login.json();
    const created = await request.post('/api/admin/create-user', {
      data: { ...rita, role: 'user' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status()).toBe(200);
  });

  const owner = await newPage(browser);
  let workspaceUrl = '';
  await test.step('the owner creates a workspace from an opportunity', async () => {
    await signIn(owner, E2E_ADMIN.email, E2E_ADMIN.password);
    const card = owner.getByTestId('opportunity-card').nth(2);
    const title = (await card.getByTestId('opportunity-title').textContent())!.trim();
    await card.getByTestId('opportunity-title').click();
    await expect(owner).toHaveURL(/\/opportunity\/[0-9a-f-]{36}$/);
    await owner.getByRole('button', { name: 'Create Workspace' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create Workspace' });
    await expect(dialog.getByLabel('Workspace name')).toHaveValue(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await dialog.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(owner.getByText('Workspace created successfully')).toBeVisible();
    await expect(owner).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
    workspaceUrl = owner.url().replace(/\?.*$/, '');
    await expect(owner.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(owner.getByText('Owner', { exact: true }).first()).toBeVisible();
    await owner.screenshot({ path: 'test-results/workspace-overview.png', fullPage: false });
  });

  await test.step('the owner invites Rita as Reviewer and Nate as Contributor', async () => {
    await owner.getByRole('tab', { name: 'Team' }).click();
    for (const [person, role] of [
      [rita, 'Reviewer'],
      [nate, 'Contributor'],
    ] as const) {
      await owner.getByRole('button', { name: 'Invite Member' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
      await dialog.getByLabel('Email').fill(person.email);
      await dialog.getByRole('radio', { name: role }).check();
      await dialog.getByLabel('Message (optional)').fill('Kickoff is Monday; please read Section L first.');
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await expect(owner.getByText(`Invitation sent to ${person.email}`)).toBeVisible();
    }
    await expect(owner.getByRole('cell', { name: rita.email, exact: true })).toBeVisible();
    await expect(owner.getByRole('cell', { name: nate.email, exact: true })).toBeVisible();
    await owner.screenshot({ path: 'test-results/workspace-team-invites.png', fullPage: false });
  });

  const ritaPage = await newPage(browser);
  await test.step('Rita opens the link from the mail, signs in, accepts, reads the NDA and lands in the workspace', async () => {
    const link = await waitForMailLink(rita.email, JOIN_LINK);
    await ritaPage.goto(link);
    await expect(ritaPage.getByText("You've Been Invited!")).toBeVisible();
    await expect(ritaPage.getByTestId('invite-message')).toContainText('Kickoff is Monday');
    await expect(ritaPage.getByTestId('nda-notice')).toBeVisible();
    await expect(ritaPage.getByTestId('login-required')).toBeVisible();
    await ritaPage.screenshot({ path: 'test-results/join-invite.png', fullPage: false });
    await ritaPage.getByRole('button', { name: 'Accept & Join' }).click();
    await expect(ritaPage.getByText('Please log in to accept this invite')).toBeVisible();
    await expect(ritaPage).toHaveURL(/\/login\?redirect=/);
    await ritaPage.getByLabel('Email').fill(rita.email);
    await ritaPage.getByLabel('Password').fill(rita.password);
    await ritaPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(ritaPage).toHaveURL(/\/join\//);
    await ritaPage.getByRole('button', { name: 'Accept & Join' }).click();
    await expect(ritaPage.getByTestId('nda-screen')).toBeVisible();
    await ritaPage.screenshot({ path: 'test-results/nda-screen.png', fullPage: false });
    await acceptNda(ritaPage);
    await expect(ritaPage).toHaveURL(new RegExp(`${workspaceUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(ritaPage.getByRole('tab', { name: 'Team' })).toBeVisible();
    await expect(ritaPage.getByText('Reviewer', { exact: true }).first()).toBeVisible();
  });

  const natePage = await newPage(browser);
  await test.step('Nate creates his account from the invite, accepts the NDA and lands in the workspace', async () => {
    const link = await waitForMailLink(nate.email, JOIN_LINK);
    await natePage.goto(link);
    await expect(natePage.getByText("You've Been Invited!")).toBeVisible();
    await natePage.getByRole('button', { name: 'Create account to join' }).click();
    const form = natePage.getByTestId('join-register-form');
    await expect(form.getByLabel('Email')).toHaveValue(nate.email);
    await form.getByLabel(/^Full name/).fill(nate.name);
    await form.getByLabel(/^Password/).fill(nate.password);
    await form.getByLabel(/^Confirm password/).fill(nate.password);
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await acceptNda(natePage);
    await expect(natePage).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
    await expect(natePage.getByText('Contributor', { exact: true }).first()).toBeVisible();
    // The account works like any other: the session survives a reload.
    await natePage.reload();
    await expect(natePage.getByRole('tab', { name: 'Activity' })).toBeVisible();
  });

  await test.step('the owner sees both members and the activity', async () => {
    await owner.goto(`${workspaceUrl}?tab=team`);
    const rows = owner.getByTestId('member-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: rita.name })).toContainText('Reviewer');
    await expect(rows.filter({ hasText: nate.name })).toContainText('Contributor');
    await owner.screenshot({ path: 'test-results/workspace-team.png', fullPage: false });
    await owner.getByRole('tab', { name: 'Activity' }).click();
    const items = owner.getByTestId('activity-item');
    await expect(items.filter({ hasText: `${rita.name} joined as Reviewer` })).toHaveCount(1);
    await expect(items.filter({ hasText: `${nate.name} accepted the NDA (version 1)` })).toHaveCount(1);
    await expect(items.filter({ hasText: `invited ${rita.email} as Reviewer` })).toHaveCount(1);
    await owner.screenshot({ path: 'test-results/workspace-activity.png', fullPage: false });
  });

  await test.step('Rita leaves; the owner no longer sees her', async () => {
    await ritaPage.getByRole('button', { name: 'Workspace actions' }).click();
    await ritaPage.getByRole('menuitem', { name: 'Leave Workspace' }).click();
    await ritaPage.getByRole('dialog', { name: 'Leave Workspace' }).getByRole('button', { name: 'Leave Workspace' }).click();
    await expect(ritaPage).toHaveURL(/\/$/, { timeout: 5_000 });
    await ritaPage.goto(workspaceUrl);
    await expect(ritaPage).toHaveURL(/\/$/);

    await owner.goto(`${workspaceUrl}?tab=team`);
    await expect(owner.getByTestId('member-row')).toHaveCount(2);
    await expect(owner.getByTestId('member-row').filter({ hasText: rita.name })).toHaveCount(0);
    await owner.getByRole('tab', { name: 'Activity' }).click();
    await expect(owner.getByTestId('activity-item').filter({ hasText: `${rita.name} left the workspace` })).toHaveCount(1);
  });

  await test.step('invited again, Rita finds it on her dashboard and in the bell, and declines it there', async () => {
    await owner.goto(`${workspaceUrl}?tab=team`);
    await owner.getByRole('button', { name: 'Invite Member' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Invite Member' });
    await dialog.getByLabel('Email').fill(rita.email);
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(owner.getByText(`Invitation sent to ${rita.email}`)).toBeVisible();

    await ritaPage.goto('/');
    const card = ritaPage.getByTestId('pending-invitations');
    await expect(card.getByTestId('pending-invite')).toHaveCount(1);
    await expect(card).toContainText('Contributor');
    await expect(ritaPage.getByTestId('notification-unread-count')).not.toHaveAttribute('data-count', '0');
    await ritaPage.screenshot({ path: 'test-results/dashboard-pending-invitation.png', fullPage: false });
    await card.getByRole('button', { name: 'Decline' }).click();
    await ritaPage.getByRole('dialog', { name: 'Decline invitation' }).getByRole('button', { name: 'Decline invitation' }).click();
    await expect(ritaPage.getByText('Invitation declined')).toBeVisible();
    await expect(ritaPage.getByTestId('pending-invitations')).toHaveCount(0);

    // The mailed link is dead now.
    const link = await waitForMailLink(rita.email, JOIN_LINK);
    await ritaPage.goto(link);
    await expect(ritaPage.getByText('Invite Revoked')).toBeVisible();
    await expect(ritaPage.getByText('This invite was declined.')).toBeVisible();
  });
});

// The owner's lifecycle controls: archive (read-only, off the main list), restore, delete.
test('owner archives a workspace, finds it under Archived Workspaces, restores it, then deletes it', async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByTestId('opportunity-card').nth(4).getByTestId('opportunity-title').click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Workspace' });
  await dialog.getByLabel('Workspace name').fill('Lifecycle bid');
  await dialog.getByRole('button', { name: 'Create Workspace' }).click();
  await expect(page).toHaveURL(/\/workspace\/[0-9a-f-]{36}/);
  const workspaceUrl = page.url();

  await test.step('archive: back to the dashboard, gone from My Workspaces, listed under Archived', async () => {
    await page.getByRole('button', { name: 'Workspace actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive Workspace' }).click();
    // Issue 21: archiving asks first.
    const confirm = page.getByRole('dialog', { name: 'Archive Workspace' });
    await expect(confirm).toContainText('read-only for everyone');
    await confirm.getByRole('button', { name: 'Archive Workspace' }).click();
    await expect(page.getByText('Workspace archived')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const mine = page.getByTestId('my-workspaces');
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('workspace-row').filter({ hasText: 'Lifecycle bid' })).toHaveCount(0);
    await mine.getByRole('button', { name: 'Show Archived Workspaces' }).click();
    const archived = page.getByTestId('archived-workspaces');
    await expect(archived.getByTestId('workspace-row').filter({ hasText: 'Lifecycle bid' })).toBeVisible();
    await page.screenshot({ path: 'test-results/dashboard-workspaces.png', fullPage: false });
    await archived.getByRole('link', { name: 'Lifecycle bid' }).click();
    await expect(page.getByTestId('archived-notice')).toBeVisible();
    await page.getByRole('tab', { name: 'Team' }).click();
    await expect(page.getByRole('button', { name: 'Invite Member' })).toHaveCount(0);
    // Nothing that the server would refuse with "This workspace is archived" is offered.
    await page.getByRole('tab', { name: 'RFP Analysis' }).click();
    await expect(page.getByText('No RFP has been uploaded to this workspace yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Upload RFP PDF|Upload New RFP|Upload Draft Proposal/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Documents' }).click();
    await expect(page.getByRole('button', { name: /Upload/ })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Team' }).click();
  });

  await test.step('restore, then delete', async () => {
    await page.getByRole('button', { name: 'Workspace actions' }).click();
    await page.getByRole('menuitem', { name: 'Restore Workspace' }).click();
    await expect(page.getByText('Workspace restored')).toBeVisible();
    await expect(page.getByTestId('archived-notice')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Invite Member' })).toBeVisible();

    await page.getByRole('button', { name: 'Workspace actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete Workspace' }).click();
    await page.getByRole('dialog', { name: 'Delete Workspace' }).getByRole('button', { name: 'Delete Workspace' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(workspaceUrl);
    await expect(page.getByText('Workspace Not Found')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
