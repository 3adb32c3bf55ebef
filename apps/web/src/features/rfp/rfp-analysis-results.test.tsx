import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RfpAnalysis, RfpRequirement, RfpSolicitation } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { coverageBySection } from './components/analysis-results';
import { workspaceApi, ws } from '../../test/workspace-test-api';

/** Issue 14 in the RFP tab: conflicts above the missing list, format checks, and the rows reported apart. */

const req = (requirement_id: string, section: string, text: string): RfpRequirement => ({
  requirement_id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: 1,
  basis: null,
  lead_in: null,
  correction: null,
});
const REQUIREMENTS = [
  req('L-1', 'L', 'Proposals must be received no later than 2:00 PM on March 3.'),
  req('L-2', 'L', 'The Technical Volume shall not exceed 10 pages.'),
  req('L-3', 'L', 'Offers must remain valid for at least 120 calendar days.'),
  req('L-4', 'L', 'Offerors shall describe their staffing plan.'),
  req('C-1', 'C', 'The Contractor shall operate a help desk.'),
];
const SOLICITATION: RfpSolicitation = {
  id: 'sol-1',
  workspace_id: ws.id,
  version: 1,
  file_name: 'rfp.pdf',
  processing_status: 'completed',
  page_count: 2,
  requirements_count: REQUIREMENTS.length,
  created_at: '2026-11-05T12:00:00.000Z',
  requirements: REQUIREMENTS,
  amendment: null,
  form_facts: null,
};
const ANALYSIS: RfpAnalysis = {
  id: 'an-1',
  solicitation_id: 'sol-1',
  solicitation_version: 1,
  fit_score: 30,
  coverage_score: 50,
  evidence_score: 20,
  language_match_score: 70,
  draft_file_name: 'draft.pdf',
  created_at: '2026-11-06T12:00:00.000Z',
  stale: false,
  missing_requirements: [{ requirement_id: 'L-4', section: 'L', text: 'Offerors shall describe their staffing plan.' }],
  suggestions: [
    {
      requirement_id: 'L-2',
      location_hint: 'Technical Volume (pages 1-12)',
      suggestion: 'Shorten Technical Volume to at most 10 pages (Technical Volume): it runs 12 pages (L-2).',
    },
  ],
  matches: [],
  conflicts: [
    {
      requirement_id: 'L-3',
      section: 'L',
      text: 'Offers must remain valid for at least 120 calendar days.',
      rule: 'limit',
      passage: 'This offer is valid for 45 calendar days.',
      page: 3,
      location_hint: '3 Validity (page 3)',
      reason: 'The solicitation requires at least 120 calendar days; the draft states 45 calendar days.',
    },
  ],
  reported_separately: [
    { requirement_id: 'L-1', section: 'L', text: 'Proposals must be received no later than 2:00 PM on March 3.', kind: 'logistics' },
    { requirement_id: 'L-2', section: 'L', text: 'The Technical Volume shall not exceed 10 pages.', kind: 'format' },
  ],
  checks: [],
  format_checks: [
    {
      requirement_id: 'L-2',
      check: 'page_limit',
      status: 'failed',
      expected: 'at most 10 pages (Technical Volume)',
      found: '12 pages (pages 1-12)',
      location_hint: 'Technical Volume (pages 1-12)',
    },
    {
      requirement_id: 'L-2',
      check: 'font_size',
      status: 'not_checked',
      expected: 'text at least 12 pt',
      found: 'no font information (upload the draft as a PDF)',
      location_hint: 'Whole draft',
    },
  ],
};

function open(analysis: RfpAnalysis) {
  stubApi({
    ...workspaceApi(ws),
    [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({ body: SOLICITATION }),
    [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ body: analysis }),
  });
  renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
}

describe('analysis results: conflicts, format checks, rows reported apart', () => {
  it('lists conflicts before the missing requirements, with the reason and the draft sentence', async () => {
    open(ANALYSIS);
    const conflicts = await screen.findByRole('list', { name: 'Conflicts' }, { timeout: 10_000 });
    expect(screen.getByText('Conflicts (1)')).toBeInTheDocument();
    expect(within(conflicts).getByText('L-3')).toBeInTheDocument();
    expect(
      within(conflicts).getByText('The solicitation requires at least 120 calendar days; the draft states 45 calendar days.'),
    ).toBeInTheDocument();
    // The requirement and the draft sentence side by side, with the rule.
    expect(within(conflicts).getByText('Offers must remain valid for at least 120 calendar days.')).toBeInTheDocument();
    expect(within(conflicts).getByText('“This offer is valid for 45 calendar days.”')).toBeInTheDocument();
    expect(within(conflicts).getByText('Draft · 3 Validity (page 3)')).toBeInTheDocument();
    expect(within(conflicts).getByText('Rule: Limit')).toBeInTheDocument();
    // Worse than missing: shown first.
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings.indexOf('Conflicts (1)')).toBeLessThan(headings.indexOf('Missing Requirements (1)'));
    // Scores, conflicts, format checks and the ranked gaps come before the long lists (issue 24).
    expect(headings.indexOf('Format Checks (1 failed)')).toBeLessThan(headings.indexOf('Suggestions (1)'));
    expect(headings.indexOf('Suggestions (1)')).toBeLessThan(headings.indexOf('Coverage by Section'));
    // One status per requirement, as the matrix shows it: L-3 conflict, L-4 missing, L-1/L-2 apart, C-1 addressed.
    expect(screen.getByTestId('status-counts')).toHaveTextContent('1 addressed · 1 missing · 1 conflict · 2 not applicable');
  });

  it('opens on the analysis, with the requirements behind their own view', async () => {
    open(ANALYSIS);
    await screen.findByText('Analysis Results', {}, { timeout: 10_000 });
    expect(screen.queryByText('Offerors shall describe their staffing plan.', { selector: 'td *, td' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Requirements view' })).getByText('Requirements'));
    expect(await screen.findByText('Requirements (5 of 5)')).toBeInTheDocument();
    expect(screen.queryByText('Analysis Results')).not.toBeInTheDocument();
  });

  it('lists a check for a reviewer apart from the conflicts', async () => {
    const check = { ...ANALYSIS.conflicts[0], requirement_id: 'L-4', severity: 'check' as const, clause: 'describe their staffing plan' };
    open({ ...ANALYSIS, checks: [check] });
    const list = await screen.findByRole('list', { name: 'Checks' }, { timeout: 10_000 });
    expect(screen.getByText('To Check (1)')).toBeInTheDocument();
    expect(within(list).getByText('describe their staffing plan')).toBeInTheDocument();
    expect(screen.getByTestId('status-counts')).toHaveTextContent('1 conflict · 1 check');
  });

  it('shows each format check with its status, and the logistics and format rows apart from the missing list', async () => {
    open(ANALYSIS);
    const checks = await screen.findByRole('list', { name: 'Format checks' }, { timeout: 10_000 });
    expect(screen.getByText('Format Checks (1 failed)')).toBeInTheDocument();
    expect(within(checks).getByText('Failed')).toBeInTheDocument();
    expect(
      within(checks).getByText('Page limit: at most 10 pages (Technical Volume); the draft has 12 pages (pages 1-12)'),
    ).toBeInTheDocument();
    expect(within(checks).getByText('Not checked')).toBeInTheDocument();
    expect(within(checks).getByText('L-2 · Technical Volume (pages 1-12)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Submission logistics' })).getByText(
        'Proposals must be received no later than 2:00 PM on March 3.',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Document format' })).getByText('L-2')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Missing requirements' })).queryByText('L-1')).not.toBeInTheDocument();
  });

  it('shows none of the new cards when the analysis has nothing for them', async () => {
    open({ ...ANALYSIS, conflicts: [], reported_separately: [], format_checks: [] });
    expect(await screen.findByText('Analysis Results', {}, { timeout: 10_000 })).toBeInTheDocument();
    for (const name of ['Conflicts', 'Format checks', 'Submission logistics'])
      expect(screen.queryByRole('list', { name })).not.toBeInTheDocument();
  });

  it('counts only content requirements per section, conflicts as unanswered', () => {
    // L: L-3 (conflict) and L-4 (missing) of the two content rows; C: answered.
    expect(coverageBySection(REQUIREMENTS, ANALYSIS)).toEqual([
      { section: 'Section L', coverage: 0 },
      { section: 'Section C', coverage: 100 },
    ]);
  });
});
