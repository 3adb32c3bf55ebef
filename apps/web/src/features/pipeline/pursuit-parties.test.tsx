import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Pursuit } from '@biddesk/shared';
import { renderWithProviders, stubApi } from '../../test/render-app';
import { AwardValueOffer } from './components/award-value-offer';
import { PursuitPartyLinks } from './components/pursuit-party-links';

const SLOW = { timeout: 10_000 };
const PURSUIT_ID = '00000000-0000-4000-8000-000000000001';

function renderPart(node: React.ReactNode) {
  renderWithProviders(node);
}

describe('a pursuit’s linked names', () => {
  it('link to the partner detail and say why an ambiguous name is not linked', async () => {
    stubApi({
      [`GET /api/pursuits/${PURSUIT_ID}/parties`]: () => ({
        body: {
          data: [
            { kind: 'teaming_partner', name: 'Alpha Systems Inc', uei: 'ALPHA0000001', linked_by: 'chosen', not_linked_reason: null },
            {
              kind: 'competitor',
              name: 'Smith & Sons',
              uei: null,
              linked_by: null,
              not_linked_reason:
                '2 award recipients were seen under this name, so it is not linked: add the right one from partner search.',
            },
            { kind: 'competitor', name: 'Unknown Corp', uei: null, linked_by: null, not_linked_reason: null },
          ],
        },
      }),
    });
    renderPart(<PursuitPartyLinks pursuitId={PURSUIT_ID} />);
    expect(await screen.findByRole('link', { name: 'Alpha Systems Inc' }, SLOW)).toHaveAttribute('href', '/partners?uei=ALPHA0000001');
    const list = screen.getByTestId('pursuit-party-links');
    expect(list).toHaveTextContent('Competitor: Smith & Sons — 2 award recipients were seen under this name');
    expect(list).not.toHaveTextContent('Unknown Corp');
  });
});

describe('the value from a prior award', () => {
  const base = { id: PURSUIT_ID, estimated_value: null, value_source: null, value_award: null } as unknown as Pursuit;
  const offer = {
    suggestion: {
      award_key: 'K1',
      piid: 'W912HQ22P0064',
      recipient_name: 'Rice',
      basis: 'ceiling',
      amount: 120000,
      rule: 'quoted_contract_number',
      rule_label: 'matched: contract number quoted in the notice (W912HQ22P0064)',
      source_url: 'https://www.usaspending.gov/award/K1/',
      fetched_at: '2026-11-20T12:00:00.000Z',
      label: 'from prior award W912HQ22P0064, Rice',
    },
    reason: null,
  };

  it('is offered with its source and taken in one click, never applied by itself', async () => {
    const calls = stubApi({
      [`GET /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({ body: offer }),
      [`POST /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({
        body: { ...base, estimated_value: 120000, value_source: 'prior_award' },
      }),
    });
    renderPart(<AwardValueOffer pursuit={base} />);
    const box = screen.getByTestId('value-source');
    await waitFor(
      () => expect(box).toHaveTextContent('offers $120,000 (base and all options) — from prior award W912HQ22P0064, Rice'),
      SLOW,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use $120,000' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ award_key: 'K1' }));
  });

  it('names the source of a value taken, and asks nothing for an entered value', async () => {
    const calls = stubApi({ [`GET /api/pursuits/${PURSUIT_ID}/value-from-awards`]: () => ({ body: offer }) });
    renderPart(
      <AwardValueOffer
        pursuit={{
          ...base,
          estimated_value: 120000,
          value_source: 'prior_award',
          value_award: { award_key: 'K1', piid: 'W912HQ22P0064', recipient_name: 'Rice', basis: 'ceiling' },
        }}
      />,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByTestId('value-source')).toHaveTextContent(
      'Value source: from prior award W912HQ22P0064, Rice (base and all options)',
    );
    expect(screen.queryByRole('button', { name: /Use/ })).not.toBeInTheDocument();
  });

  it('shows an entered value as entered without asking for an offer', () => {
    const calls = stubApi({});
    renderPart(<AwardValueOffer pursuit={{ ...base, estimated_value: 5, value_source: 'entered' }} />);
    expect(screen.getByTestId('value-source')).toHaveTextContent('Value source: entered');
    expect(calls).toEqual([]);
  });
});
