import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

// A user of her own: the admin's pipeline and saved searches are other journeys' to count.
const RAE = { name: 'Rae Radar', email: 'rae.radar@e2e.test', password: 'rae-radar-1' };
// The real custom-download header: the awards are uploaded in USAspending's own layout.
const REAL_CSV = path.resolve(
  import.meta.dirname,
  '../apps/api/src/modules/awards/import/fixtures/Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv',
);
// A NAICS code no other journey's awards carry (independent artists), so the radar shows only ours.
const NAICS = '711510';

/** `YYYY-MM-DD`, `months` from today (UTC): the journey's end dates move with the calendar. */
function monthsFromToday(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(15);
  return d.toISOString().slice(0, 10);
}

function awardsCsv(rows: Record<string, string>[]): Buffer {
  const header = readFileSync(REAL_CSV, 'utf8').split('\n', 1)[0]!;
  const columns = header.split(',');
  const lines = rows.map((r) => columns.map((c) => r[c] ?? '').join(','));
  return Buffer.from([header, ...lines].join('\n') + '\n');
}

// Issue 27 item 4: a capture lead opens the radar, sees next year's recompetes in her NAICS with the
// reason each may be winnable, tracks one, and finds it on the pipeline.
test('the radar shows a recompete with its signal and reason, and Track puts it on the pipeline', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const single = `RADR${stamp}S`;
  const competed = `RADR${stamp}C`;
  const row = (piid: string, extra: Record<string, string>) => ({
    contract_award_unique_key: `CONT_AWD_${piid}_9700_-NONE-_-NONE-`,
    award_id_piid: piid,
    awarding_agency_code: '097',
    awarding_agency_name: 'Department of Defense',
    awarding_sub_agency_code: '2100',
    awarding_sub_agency_name: 'Department of the Army',
    awarding_office_name: 'W6QK ACC-APG',
    naics_code: NAICS,
    product_or_service_code: 'R499',
    period_of_performance_start_date: monthsFromToday(-24),
    award_latest_action_date: monthsFromToday(-2),
    prime_award_base_transaction_description: 'Range support services',
    ...extra,
  });

  await test.step('an admin loads two awards ending about nine months from today', async () => {
    const admin = await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
    const headers = { authorization: `Bearer ${(await admin.json()).token}` };
    // Created once per database: a retry in a fresh worker finds her.
    const created = await request.post('/api/admin/create-user', { headers, data: { ...RAE, role: 'user' } });
    expect([200, 409]).toContain(created.status());
    const csv = awardsCsv([
      row(single, {
        recipient_name: 'SOLE SOURCE RANGE LLC',
        recipient_uei: 'RADARUEI0001',
        period_of_performance_current_end_date: monthsFromToday(9),
        period_of_performance_potential_end_date: monthsFromToday(9),
        total_obligated_amount: '400000.00',
        potential_total_value_of_award: '1000000.00',
        extent_competed_code: 'A',
        number_of_offers_received: '1',
      }),
      row(competed, {
        recipient_name: 'COMPETED RANGE INC',
        recipient_uei: 'RADARUEI0002',
        period_of_performance_current_end_date: monthsFromToday(10),
        period_of_performance_potential_end_date: monthsFromToday(10),
        total_obligated_amount: '300000.00',
        potential_total_value_of_award: '1000000.00',
        extent_competed_code: 'A',
        number_of_offers_received: '5',
      }),
    ]);
    const started = await request.post('/api/admin/award-imports/upload', {
      headers,
      multipart: { file: { name: 'radar-awards.csv', mimeType: 'text/csv', buffer: csv } },
    });
    expect(started.status(), await started.text()).toBe(202);
    const job = (await started.json()) as { id: string };
    await expect
      .poll(
        async () => ((await (await request.get(`/api/admin/import-jobs/${job.id}`, { headers })).json()) as { status: string }).status,
        { timeout: 60_000 },
      )
      .toBe('done');
  });

  await test.step('the capture lead opens the radar from the sidebar and filters to her NAICS', async () => {
    await signIn(page, RAE.email, RAE.password);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Radar' }).click();
    await expect(page.getByRole('heading', { name: 'Recompete radar' })).toBeVisible();
    await page.getByLabel('NAICS codes').fill(NAICS);
    // Agencies are picked by name among those with awards ending in the window.
    await page.getByRole('textbox', { name: 'Awarding agencies' }).click();
    await page.getByRole('option', { name: /^Department of the Army \(2100\)/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/agency=2100/);
    await expect(page.getByTestId('radar-row').filter({ hasText: single })).toBeVisible();
    await expect(page.getByTestId('radar-row').filter({ hasText: competed })).toBeVisible();
  });

  await test.step('the single-offer award shows its signal with the reason and the data behind it', async () => {
    await page.getByLabel('Only awards with a signal').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByTestId('radar-row').filter({ hasText: competed })).toHaveCount(0);
    const singleRow = page.getByTestId('radar-row').filter({ hasText: single });
    const signals = singleRow.getByRole('list', { name: 'Signals' });
    await expect(signals).toContainText('Single offer');
    await expect(signals).toContainText('Only one offer was received last time');
    await expect(signals).toContainText('from: number of offers received: 1');
    await expect(singleRow).toContainText('SOLE SOURCE RANGE LLC');
    await expectNoSeriousA11yViolations(page, 'Recompete radar');
    await page.screenshot({ path: 'test-results/radar-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone gets a card per award: the signal and Track without scrolling sideways.
    const card = page.getByTestId('radar-row').filter({ hasText: single });
    await expect(card.getByRole('list', { name: 'Signals' })).toContainText('Only one offer was received last time');
    await expect(card.getByRole('button', { name: /Track the recompete/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Recompete radar at 390 px');
    await page.screenshot({ path: 'test-results/radar-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('Track makes a pursuit for the recompete, which the pipeline shows', async () => {
    const singleRow = page.getByTestId('radar-row').filter({ hasText: single });
    await singleRow.getByRole('button', { name: `Track the recompete of ${single} (SOLE SOURCE RANGE LLC)` }).click();
    await expect(singleRow.getByText('Tracked')).toBeVisible();
    await singleRow.getByRole('link', { name: /open the pipeline/ }).click();
    await expect(page).toHaveURL(/\/pipeline$/);
    await expect(page.getByText(`Recompete of ${single}: Range support services`).first()).toBeVisible();
  });
});
