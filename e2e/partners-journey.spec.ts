import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

const AWARDS_CSV = path.resolve(
  import.meta.dirname,
  '../apps/api/src/modules/awards/import/fixtures/Contracts_PrimeAwardSummaries_2026-06-25_H19M12S08_1.csv',
);
const RICE = { uei: 'K51LECU1G8N3', name: 'WILLIAM MARSH RICE UNIVERSITY' };
// A user of his own: the pipeline journey counts its lead's pursuits per column.
const PAT = { name: 'Pat Partners', email: 'pat.partners@e2e.test', password: 'pat-pass-1' };

async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, data?: object) {
  const res = await request.fetch(url, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${url} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

// Issue 27 item 5 and issue 26 item 2: a capture lead finds a partner by its award history, adds
// it as a teaming partner of a pursuit, and sees the name linked to the award data on the pursuit.
// The award file is imported here (idempotent: a re-import writes nothing), so the journey does not
// depend on the award journey; the pursuit is on listing entry 41, which no other journey uses, and
// is removed at the end so the pipeline journey's columns count as before.
test('a capture lead finds a partner by award history, adds it as teaming partner, and sees it linked on the pursuit', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { token: adminToken } = await (
    await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })
  ).json();
  const created = await request.post('/api/admin/create-user', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...PAT, role: 'user' },
  });
  expect([200, 409]).toContain(created.status());

  await test.step('the admin award import holds the real Rice awards', async () => {
    const started = await request.post('/api/admin/award-imports/upload', {
      headers: { authorization: `Bearer ${adminToken}` },
      multipart: { file: { name: path.basename(AWARDS_CSV), mimeType: 'text/csv', buffer: readFileSync(AWARDS_CSV) } },
    });
    expect(started.status(), await started.text()).toBe(202);
    const job = await started.json();
    await expect
      .poll(async () => (await api(request, adminToken, 'GET', `/api/admin/import-jobs/${job.id}`)).status, { timeout: 60_000 })
      .toBe('done');
  });

  await signIn(page, PAT.email, PAT.password);
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const notice = (await api(request, token, 'GET', '/api/opportunities?page=1&limit=50')).data[41] as { id: string; title: string };
  const pursuit = await api(request, token, 'POST', '/api/pursuits', { opportunity_id: notice.id });
  try {
    await test.step('search partners from the sidebar: the recipient with its award history', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' }).click();
      await expect(page).toHaveURL(/\/partners$/);
      await page.getByRole('textbox', { name: 'Name or UEI' }).fill('rice university');
      await page.getByRole('textbox', { name: 'Name or UEI' }).press('Enter');
      await expect(page).toHaveURL(/q=rice\+university/);
      const row = page.getByTestId('partner-row').filter({ hasText: RICE.uei });
      await expect(row).toContainText(RICE.name);
      await expect(row).toContainText('104');
      await expectNoSeriousA11yViolations(page, 'Partners: search results');
      await page.screenshot({ path: 'test-results/partners-1280.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'test-results/partners-390.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    });

    await test.step('add it as a teaming partner of the tracked pursuit', async () => {
      await page.getByRole('button', { name: `Add ${RICE.name} as teaming partner` }).click();
      const dialog = page.getByRole('dialog', { name: `Add ${RICE.name} to a pursuit` });
      await dialog.getByRole('textbox', { name: 'Pursuit' }).click();
      await page.getByRole('option', { name: new RegExp(`^${notice.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
      await expect(dialog.getByRole('radio', { name: 'Teaming partner' })).toBeChecked();
      await expectNoSeriousA11yViolations(page, 'Partners: add to a pursuit');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByText(`${RICE.name} added as teaming partner of ${notice.title}`)).toBeVisible();
    });

    await test.step('the pursuit shows the name linked to its award history', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pipeline' }).click();
      await page.getByRole('button', { name: `Edit ${notice.title}` }).click();
      const drawer = page.getByRole('dialog', { name: `Edit pursuit: ${notice.title}` });
      await expect(drawer.getByRole('textbox', { name: 'Teaming partners' }).locator('..')).toContainText(RICE.name);
      const link = drawer.getByTestId('pursuit-party-links').getByRole('link', { name: RICE.name });
      await expect(link).toHaveAttribute('href', `/partners?uei=${RICE.uei}`);
      await expect(drawer.getByTestId('pursuit-party-links')).toContainText('chosen in partner search');
      await expectNoSeriousA11yViolations(page, 'Pipeline: pursuit with a linked partner');
      await page.screenshot({ path: 'test-results/partners-pursuit-drawer-1280.png' });
      await link.click();
      await expect(page.getByRole('dialog', { name: RICE.name })).toBeVisible();
      const detail = page.getByTestId('partner-detail');
      await expect(detail).toContainText(`UEI ${RICE.uei}`);
      await expect(detail.getByRole('link', { name: 'Source record' }).first()).toHaveAttribute(
        'href',
        /^https:\/\/www\.usaspending\.gov\/award\/CONT_/,
      );
      await expectNoSeriousA11yViolations(page, 'Partners: recipient detail');
      await page.screenshot({ path: 'test-results/partner-detail-1280.png' });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'test-results/partner-detail-390.png' });
      await page.setViewportSize({ width: 1280, height: 900 });
      const parties = await api(request, token, 'GET', `/api/pursuits/${pursuit.id}/parties`);
      expect(parties.data).toEqual([
        { kind: 'teaming_partner', name: RICE.name, uei: RICE.uei, linked_by: 'chosen', not_linked_reason: null },
      ]);
    });
  } finally {
    await api(request, token, 'DELETE', `/api/pursuits/${pursuit.id}`);
  }
});
