import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RfpFormFacts, RfpSolicitation } from '@biddesk/shared';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { workspaceApi, ws } from '../../test/workspace-test-api';

/** Issue 22 item 4: the RFP tab shows what the solicitation's form states, where it was read, and SAM's deadline beside it. */

const FACTS: RfpFormFacts = {
  form: 'SF-1449',
  offer_due: {
    date: '2017-07-10',
    time: '1:00 PM',
    zone: 'EST',
    text: 'Jul 10, 2017, 1:00 PM EST',
    caption: '8. OFFER DUE DATE / 8. OFFER LOCAL TIME',
    page: 1,
    source: 'SF-1449 block 8, p. 1',
  },
  due_check: {
    agreement: 'same',
    notice_text: 'Jul 10, 2017, 1:00 PM UTC-04:00',
    detail: 'The form and the SAM.gov notice give the same due date and time.',
  },
  facts: [
    {
      key: 'solicitation_number',
      label: 'Solicitation number',
      value: 'RFQ1204822',
      caption: '5. SOLICITATION NUMBER',
      page: 1,
      source: 'SF-1449 block 5, p. 1',
    },
    { key: 'naics', label: 'NAICS', value: '541519', caption: '10. THIS ACQUISITION IS NAICS:', page: 1, source: 'SF-1449 block 10, p. 1' },
  ],
};
const solicitation = (form_facts: RfpFormFacts | null): RfpSolicitation => ({
  id: 'sol-1',
  workspace_id: ws.id,
  version: 1,
  file_name: 'SF1449.pdf',
  processing_status: 'completed',
  page_count: 2,
  requirements_count: 0,
  created_at: '2026-11-05T12:00:00.000Z',
  requirements: [],
  amendment: null,
  form_facts,
});
function open(facts: RfpFormFacts | null) {
  stubApi({
    ...workspaceApi(ws),
    [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({ body: solicitation(facts) }),
    [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
  });
  renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
}

describe('RFP tab: the solicitation form facts', () => {
  it('shows the form due date as written, where it was read, and the notice agreeing', async () => {
    open(FACTS);
    const card = await screen.findByTestId('form-facts');
    expect(within(card).getByRole('heading', { name: 'From the SF-1449' })).toBeInTheDocument();
    expect(within(card).getByText('Offers due Jul 10, 2017, 1:00 PM EST')).toBeInTheDocument();
    expect(within(card).getByText('Read from SF-1449 block 8, p. 1')).toBeInTheDocument();
    expect(within(card).getByTestId('due-same')).toHaveTextContent(
      'SAM.gov notice: Jul 10, 2017, 1:00 PM UTC-04:00. The form and the SAM.gov notice give the same due date and time.',
    );
    expect(within(card).queryByTestId('due-differs')).toBeNull();
    expect(within(card).getByTestId('form-fact-solicitation_number')).toHaveTextContent(
      'Solicitation numberRFQ1204822Read from SF-1449 block 5, p. 1',
    );
    expect(within(card).getByTestId('form-fact-naics')).toHaveTextContent('NAICS541519Read from SF-1449 block 10, p. 1');
  });

  it('flags a SAM.gov deadline that differs, showing both', async () => {
    open({
      ...FACTS,
      due_check: { agreement: 'differs', notice_text: 'Jul 17, 2017, 1:00 PM UTC-04:00', detail: 'The due date and time differ.' },
    });
    const alert = await screen.findByTestId('due-differs');
    expect(alert).toHaveTextContent('The form and the SAM.gov notice give different due dates');
    expect(alert).toHaveTextContent('Form: Jul 10, 2017, 1:00 PM EST (SF-1449 block 8, p. 1)');
    expect(alert).toHaveTextContent('SAM.gov notice: Jul 17, 2017, 1:00 PM UTC-04:00');
    expect(screen.queryByTestId('due-same')).toBeNull();
  });

  it('shows no form card for a solicitation without a filled form', async () => {
    open(null);
    expect(await screen.findByText('SF1449.pdf')).toBeInTheDocument();
    expect(screen.queryByTestId('form-facts')).toBeNull();
  });
});
