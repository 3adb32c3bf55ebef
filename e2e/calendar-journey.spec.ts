import { expect, test } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// A user of her own: the admin's saved notices are other journeys' to count.
const CARA = { name: 'Cara Calendar', email: 'cara.calendar@e2e.test', password: 'cara-pass-1' };

// Issue 26 item 5: a user saves a notice, creates their private calendar address in Settings, and
// the address, fetched as a calendar app would, holds the notice's response deadline at its instant.
// data[33] of the open listing: no other journey uses it.
test('a saved notice reaches the private calendar feed, and a revoked address stops answering', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  const adminHeaders = { authorization: `Bearer ${(await admin.json()).token}` };
  // Created once per database: a retry in a fresh worker finds her.
  const created = await request.post('/api/admin/create-user', { headers: adminHeaders, data: { ...CARA, role: 'user' } });
  expect([200, 409]).toContain(created.status());
  await signIn(page, CARA.email, CARA.password);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const listing = await request.get('/api/opportunities?limit=50', { headers: { authorization: `Bearer ${token}` } });
  const notice = (await listing.json()).data[33] as {
    id: string;
    title: string;
    response_date: string;
    response_time_zone: string | null;
    saved: boolean;
  };

  await test.step('save the notice from its page', async () => {
    await page.goto(`/opportunity/${notice.id}`);
    if (!notice.saved) await page.getByRole('button', { name: 'Save opportunity' }).click();
    await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();
  });

  let address = '';
  await test.step('create the calendar address in Settings', async () => {
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'Create calendar address' }).click();
    await expect(page.getByText('Calendar address created')).toBeVisible();
    address = await page.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoSeriousA11yViolations(page, 'Settings: Calendar with an address');
    await page.screenshot({ path: 'test-results/calendar-settings-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Revoke' })).toBeInViewport();
    await page.screenshot({ path: 'test-results/calendar-settings-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('the feed, fetched without a session, holds the deadline at its instant', async () => {
    const feed = await request.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter((c): c is VEvent => c?.type === 'VEVENT');
    const event = events.find((e) => String(e.summary).startsWith(`Response due: ${notice.title}`));
    expect(event, `events: ${events.map((e) => e.summary).join(' | ')}`).toBeTruthy();
    if (notice.response_time_zone) expect(new Date(event!.start).getTime()).toBe(new Date(notice.response_date).getTime());
    else expect(event!.datetype).toBe('date');
    // node-ical gives a URL with parameters as { params, val }.
    const url = event!.url as unknown as string | { val: string };
    expect(typeof url === 'string' ? url : url.val).toBe(`${new URL(address).origin}/opportunity/${notice.id}`);
  });

  await test.step('revoke, after confirming; the address then answers 404', async () => {
    await page.getByRole('button', { name: 'Revoke' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the calendar address?' });
    await expect(dialog.getByText('Calendars subscribed to it stop updating.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('Calendar address revoked')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create calendar address' })).toBeVisible();
    expect((await request.get(address)).status()).toBe(404);
  });
});
