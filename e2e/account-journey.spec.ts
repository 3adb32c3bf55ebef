import { expect, test } from '@playwright/test';
import { waitForMailLink } from './outbox';
import { E2E_ADMIN } from './playwright.config';

// Issue 2's journey: the whole account life cycle in a real browser against the real product.
test('admin hands out an invite code; a new user registers, signs out, resets the password and signs in', async ({ page, context }) => {
  const newUser = {
    name: 'Casey Capture',
    email: `casey.${Date.now()}@example.com`,
    password: 'first-pass-1',
    newPassword: 'second-pass-2',
  };

  await test.step('sign in as the first admin', async () => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu-email')).toHaveText(E2E_ADMIN.email);
  });

  let code = '';
  await test.step('generate an invite code in the admin console', async () => {
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByRole('button', { name: 'Generate Invite Code' }).click();
    const codeCell = page.getByTestId('invite-code').first();
    await expect(codeCell).toHaveText(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    code = (await codeCell.textContent())!.trim();
    await expect(page.getByTestId('invite-code-status').first()).toHaveText('Available');
  });

  await test.step('sign out', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('register with the code, typed in lower case', async () => {
    await page.getByRole('link', { name: /create an account/i }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Registration is currently invite-only. Please enter your invite code below.')).toBeVisible();
    await page.getByLabel('Invite Code').fill(code.toLowerCase());
    await expect(page.getByLabel('Invite Code')).toHaveValue(code);
    await page.getByLabel('Full Name').fill(newUser.name);
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Registration successful')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu-email')).toHaveText(newUser.email);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  await test.step('sign out and ask for a reset link', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Check Your Email')).toBeVisible();
    await expect(page.getByText(newUser.email)).toBeVisible();
  });

  await test.step('follow the link from the mail and set a new password', async () => {
    const link = await waitForMailLink(newUser.email, /http:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/);
    await page.goto(link);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await page.getByLabel('New Password').fill(newUser.newPassword);
    await page.getByLabel('Confirm Password').fill(newUser.newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! Please login with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('the old password fails and the new one signs in', async () => {
    await page.getByLabel('Email').fill(newUser.email);
    await page.getByLabel('Password').fill(newUser.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Incorrect email or password')).toBeVisible();
    await page.getByLabel('Password').fill(newUser.newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-menu-email')).toHaveText(newUser.email);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
  });
  await context.close();
});
