import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';

const SF1449 = path.resolve(import.meta.dirname, '../../shared/data/rfp/real-pdfs/dol14c-SF1449.pdf');

async function createWorkspace(request: APIRequestContext, name: string): Promise<{ workspaceId: string; opportunityId: string }> {
  const login = await (await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  const headers = { authorization: `Bearer ${login.token}` };
  // A notice no other journey opens a workspace on (one workspace per notice), with a SAM.gov deadline.
  const list = await (await request.get('/api/opportunities?page=2&limit=20', { headers })).json();
  const notice = list.data.slice(10).find((o: { response_date: string | null }) => o.response_date);
  const res = await request.post('/api/workspaces', { headers, data: { solicitation_id: notice.id, name } });
  expect(res.status()).toBe(201);
  return { workspaceId: (await res.json()).id, opportunityId: notice.id };
}

// Issue 22 item 4: the agency's filled SF-1449, uploaded as published, gives the workspace its offer
// due date with where it was read; the seeded notice's SAM.gov deadline is not the form's, so both
// are shown and the difference is flagged.
test('upload the real SF-1449 and see its offer due date with its source beside the SAM.gov deadline', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { workspaceId, opportunityId } = await createWorkspace(request, `SF-1449 ${Date.now()}`);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/workspace/${workspaceId}?tab=rfp`);

  await page.getByTestId('file-upload-card').locator('input[type=file]').setInputFiles(SF1449);
  await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
  await expect(page.getByText(/^RFP processed: /)).toBeVisible({ timeout: 60_000 });

  const card = page.getByTestId('form-facts');
  await expect(card.getByRole('heading', { name: 'From the SF-1449' })).toBeVisible();
  await expect(card.getByText('Offers due Jul 10, 2017, 1:00 PM EST')).toBeVisible();
  await expect(card.getByText('Read from SF-1449 block 8, p. 1')).toBeVisible();
  const differs = card.getByTestId('due-differs');
  await expect(differs).toContainText('The form and the SAM.gov notice give different due dates');
  await expect(differs).toContainText('Form: Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1)');
  await expect(differs).toContainText(/SAM\.gov notice: \w{3} \d{1,2}, \d{4}/);
  await expect(card.getByTestId('form-fact-solicitation_number')).toContainText('RFQ1204822');
  await expect(card.getByTestId('form-fact-solicitation_number')).toContainText('Read from SF-1449 block 5, p. 1');
  await expectNoSeriousA11yViolations(page, 'RFP tab with form facts');

  // The upload toast closes by itself; the screenshots show the card, not the toast over it.
  await expect(page.getByText(/^RFP processed: /)).toBeHidden({ timeout: 15_000 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/rfp-form-facts-1280.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Offers due Jul 10, 2017, 1:00 PM EST')).toBeVisible();
  await page.screenshot({ path: 'test-results/rfp-form-facts-390.png', fullPage: false });
  await expectNoSeriousA11yViolations(page, 'RFP tab with form facts, phone width');

  // The same form uploaded on the opportunity itself: its page shows the form's date beside SAM's.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/opportunity/${opportunityId}`);
  await page.getByTestId('pdf-upload').locator('input[type=file]').setInputFiles(SF1449);
  await expect(page.getByText(/^PDF processed: /)).toBeVisible({ timeout: 60_000 });
  const onOpportunity = page.getByTestId('form-facts');
  await expect(onOpportunity.getByText('Offers due Jul 10, 2017, 1:00 PM EST')).toBeVisible();
  await expect(onOpportunity.getByTestId('due-differs')).toContainText('Form: Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1)');
  await expectNoSeriousA11yViolations(page, 'Opportunity detail with form facts');
  await onOpportunity.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/opportunity-form-facts-1280.png', fullPage: false });
});
