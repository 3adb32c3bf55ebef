import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { E2E_ADMIN } from './playwright.config';
import { signIn } from './sign-in';
import { textPdf } from '../apps/api/test/solicitation-pdf';

/** A short Uniform Contract Format solicitation, with one sentence a team would not call a requirement. */
const RFP_TEXT = [
  'SECTION C - PERFORMANCE WORK STATEMENT',
  'C.1 The Contractor shall provide janitorial services for Building 12, five days a week.',
  'C.2 The Contractor shall maintain a quality control plan approved by the Contracting Officer.',
  '',
  'SECTION L - INSTRUCTIONS TO OFFERORS',
  'L.1 Offerors shall submit the technical volume in no more than 20 pages.',
  'L.2 The proposal must use 12-point Times New Roman font with one-inch margins.',
  'L.3 Offerors shall provide three past performance references from the last five years.',
  '',
  'SECTION M - EVALUATION FACTORS FOR AWARD',
  'M.1 Technical approach is the most important factor and will be evaluated for feasibility.',
  'M.2 Price will be evaluated for reasonableness.',
].join('\n');

async function login(request: APIRequestContext) {
  const body = await (await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  return { authorization: `Bearer ${body.token}` };
}

/** A workspace on a notice no other journey uses (data[20]). */
async function createWorkspace(request: APIRequestContext, name: string): Promise<string> {
  const headers = await login(request);
  const list = await (await request.get('/api/opportunities?page=1&limit=30', { headers })).json();
  const res = await request.post('/api/workspaces', { headers, data: { solicitation_id: list.data[20].id, name } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

// Issue 23 item 3: a proposal manager asks why a row is a requirement, marks one that is not, sees
// it leave the compliance matrix, and exports the team's corrections as labelled data.
test('ask why a requirement is one, mark one not a requirement, see it leave the matrix, export the corrections', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const workspaceId = await createWorkspace(request, `Corrections ${Date.now()}`);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/workspace/${workspaceId}?tab=rfp`);

  await test.step('upload the solicitation PDF', async () => {
    await page
      .getByTestId('file-upload-card')
      .locator('input[type=file]')
      .setInputFiles({ name: 'janitorial-rfp.pdf', mimeType: 'application/pdf', buffer: await textPdf(RFP_TEXT) });
    await page.getByRole('button', { name: 'Upload RFP PDF', exact: true }).click();
    await expect(page.getByText(/^RFP processed: \d+ requirements extracted$/)).toBeVisible({ timeout: 90_000 });
  });

  const rfp = await (await request.get(`/api/workspaces/${workspaceId}/rfp/solicitation`, { headers: await login(request) })).json();
  const target = rfp.requirements.find((r: { text: string }) => r.text.startsWith('Price will be evaluated')) as {
    requirement_id: string;
    text: string;
  };
  const id = target.requirement_id;

  await test.step('open "Why is this a requirement?" from the keyboard', async () => {
    const why = page.getByRole('button', { name: `Why is ${id} a requirement?` });
    await why.focus();
    await page.keyboard.press('Enter');
    await expect(why).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="why-${id}"]`);
    await expect(panel.getByText('Why is this a requirement?')).toBeVisible();
    await expect(panel.getByText('Section from')).toBeVisible();
    await expect(panel.getByText(/p\. \d/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'RFP requirements with the why panel open');
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/requirement-why-1280.png' });
  });

  await test.step('mark it not a requirement', async () => {
    await page
      .getByRole('group', { name: `Correct ${id}` })
      .getByRole('button', { name: 'Mark not a requirement' })
      .click();
    await expect(page.getByText(`${id} marked not a requirement`)).toBeVisible();
    await expect(page.getByTestId(`requirement-row-${id}`).getByText('Not a requirement')).toBeVisible();
    await expect(page.getByText(/\(1 marked not a requirement\)/)).toBeVisible();
  });

  await test.step('at 390 px the list, its panel and controls still read and fit', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator(`[id="why-${id}"]`).scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, 'RFP requirements at 390 px');
    await page.screenshot({ path: 'test-results/requirement-why-390.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step('the compliance matrix leaves it out', async () => {
    await page.getByRole('radiogroup', { name: 'Requirements view' }).getByText('Compliance Matrix').click();
    await expect(page.getByTestId('matrix-excluded')).toHaveText(
      '1 row marked not a requirement is left out; undo a correction in the Requirements view.',
    );
    await expect(page.getByTestId(`matrix-row-${id}`)).toHaveCount(0);
    await expect(page.getByTestId(/^matrix-row-/)).toHaveCount(rfp.requirements.length - 1);
    await expectNoSeriousA11yViolations(page, 'Compliance matrix with a row left out');
    await page.getByTestId('matrix-excluded').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/requirement-corrections-matrix-1280.png' });
  });

  await test.step('export the corrections as JSONL in the labels format', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download corrections (JSONL)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('janitorial-rfp_v1_corrections.jsonl');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      expect.objectContaining({
        text: target.text,
        why_not_a_requirement: 'marked not a requirement by the proposal team',
        requirement_id: id,
      }),
    ]);
  });
});
