import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IncumbentCandidate, OpportunityAwards } from '@biddesk/shared';
import { opportunityFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';

const opp = opportunityFixture(9);
const candidate: IncumbentCandidate = {
  award_key: 'CONT_AWD_W912HQ22P0064_9700_-NONE-_-NONE-',
  piid: 'W912HQ22P0064',
  parent_idv_piid: null,
  award_type_code: 'B',
  recipient_uei: 'K51LECU1G8N3',
  recipient_name: 'WILLIAM MARSH RICE UNIVERSITY',
  awarding_agency_name: 'Department of Defense',
  awarding_office_name: 'W2SD ENDIST BALTIMORE',
  naics_code: '541715',
  psc_code: 'AJ11',
  pop_state: 'TX',
  start_date: '2022-05-20',
  current_end_date: '2024-05-19',
  potential_end_date: '2025-05-19',
  obligated_amount: '49998.00',
  ceiling_amount: '99996.00',
  offers_received: 1,
  extent_competed_code: 'C',
  extent_competed: 'Not competed',
  set_aside_code: 'NONE',
  modification_count: null,
  solicitation_id: 'W912HQ21S0001',
  description: 'RESEARCH',
  rule: 'quoted_contract_number',
  rule_label: 'matched: contract number quoted in the notice (W912HQ22P0064)',
  score: 0.9,
  matched_on: ['W912HQ22P0064'],
  source: 'usaspending_csv',
  source_url: 'https://www.usaspending.gov/award/CONT_AWD_W912HQ22P0064_9700_-NONE-_-NONE-/',
  fetched_at: '2026-11-28T03:00:00.000Z',
};

function stub(awards: OpportunityAwards) {
  stubApi({
    'GET /api/auth/refresh-user': () => ({ body: plainUser }),
    [`GET /api/opportunities/${opp.id}`]: () => ({ body: opp }),
    [`GET /api/opportunities/${opp.id}/workspace`]: () => ({ body: { workspace_id: null, is_member: false, owner_name: null } }),
    'GET /api/documents': () => ({ body: [] }),
    [`GET /api/opportunities/${opp.id}/awards`]: () => ({ body: awards }),
  });
}

describe('Incumbent and prior awards on an opportunity', () => {
  it('shows each candidate with its rule, figures, source link, fetch time and the caveats', async () => {
    stub({
      opportunity_id: opp.id,
      candidates: [candidate],
      caveats: ['DoD awards appear in public award data about 90 days after they are signed: the newest may not be here yet.'],
      awards_loaded: 104,
    });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    const card = await screen.findByTestId('incumbent-candidate');
    expect(within(card).getByText('matched: contract number quoted in the notice (W912HQ22P0064)')).toBeInTheDocument();
    expect(within(card).getByText(/WILLIAM MARSH RICE UNIVERSITY/)).toBeInTheDocument();
    expect(within(card).getByText('Period of performance ends May 19, 2024; with all options May 19, 2025')).toBeInTheDocument();
    expect(within(card).getByText('Obligated $49,998 of a ceiling of $99,996')).toBeInTheDocument();
    expect(within(card).getByText('1 offer received · Not competed · modifications not stated')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /USAspending download record/ })).toHaveAttribute('href', candidate.source_url);
    expect(within(card).getByText(/fetched Nov 28, 2026, 03:00 AM UTC/)).toBeInTheDocument();
    expect(screen.getByText(/DoD awards appear in public award data about 90 days/)).toBeInTheDocument();
  });

  it('says when nothing matched, and never invents an incumbent', async () => {
    stub({ opportunity_id: opp.id, candidates: [], caveats: [], awards_loaded: 104 });
    renderApp(`/opportunity/${opp.id}`, plainUser);
    expect(
      await screen.findByText('No award matches this notice by contract number, solicitation number, or office and classification.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('incumbent-candidate')).toBeNull();
  });
});
