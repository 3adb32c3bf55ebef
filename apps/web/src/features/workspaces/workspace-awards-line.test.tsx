import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@biddesk/shared';
import { opportunityFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi } from '../../test/workspace-test-api';

const SLOW = { timeout: 10_000 };
const guestUser: User = { ...plainUser, id: 'g1', is_guest: true };
const refresh = (user: User) => ({ 'GET /api/auth/refresh-user': () => ({ body: user }) });

describe('the workspace header’s awards line', () => {
  const w = workspaceFixture(1);
  const line = {
    opportunity_id: w.opportunity!.id,
    incumbent: {
      piid: 'FA870215D0001',
      recipient_name: 'Massachusetts Institute of Technology',
      recipient_uei: 'MITLL0000001',
      current_end_date: '2027-09-30',
      obligated_amount: '1500000.00',
      ceiling_amount: '4000000.00',
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (FA870215D0001)',
    },
  };

  it('names the incumbent, its end and obligation of ceiling, linking to the awards card', async () => {
    stubApi({ ...workspaceApi(w), [`GET /api/workspaces/${w.id}/awards-line`]: () => ({ body: line }) });
    renderApp(`/workspace/${w.id}`, plainUser);
    const el = await screen.findByTestId('workspace-awards-line', {}, SLOW);
    expect(el).toHaveTextContent(
      'Incumbent: Massachusetts Institute of Technology · ends Sep 30, 2027 · $1,500,000 of $4,000,000 (matched: contract number quoted in the notice (FA870215D0001))',
    );
    expect(within(el).getByRole('link')).toHaveAttribute('href', `/opportunity/${w.opportunity!.id}#awards`);
  });

  it('lands on the awards card of the opportunity it links to', async () => {
    const opp = opportunityFixture(1);
    stubApi({
      ...refresh(plainUser),
      [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
      [`GET /api/opportunities/${opp.id}/workspace`]: () => ({ body: { workspace_id: null, is_member: false, owner_name: null } }),
      'GET /api/documents': () => ({ body: [] }),
      [`GET /api/opportunities/${opp.id}/awards`]: () => ({
        body: { opportunity_id: opp.id, candidates: [], caveats: [], awards_loaded: 1 },
      }),
    });
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    renderApp(`/opportunity/${opp.id}#awards`, plainUser);
    await screen.findByText(/No award matches this notice/, {}, SLOW);
    await waitFor(() => expect(scrolled.mock.contexts).toContain(screen.getByTestId('incumbent-awards')));
  });

  it('shows nothing without a candidate', async () => {
    stubApi(workspaceApi(w));
    renderApp(`/workspace/${w.id}`, plainUser);
    await screen.findByTestId('workspace-name', {}, SLOW);
    expect(screen.queryByTestId('workspace-awards-line')).not.toBeInTheDocument();
  });

  it('is never asked for by a guest', async () => {
    const calls = stubApi({
      ...workspaceApi(w),
      ...refresh(guestUser),
      [`GET /api/workspaces/${w.id}/awards-line`]: () => ({ body: line }),
    });
    renderApp(`/workspace/${w.id}`, guestUser);
    await screen.findByTestId('workspace-name', {}, SLOW);
    expect(calls.filter((c) => c.url.endsWith('/awards-line'))).toEqual([]);
    expect(screen.queryByTestId('workspace-awards-line')).not.toBeInTheDocument();
  });
});
