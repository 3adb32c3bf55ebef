import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { pendingInvite, workspaceApi, ws } from '../../test/workspace-test-api';

/** Issue 21 item 9: re-inviting a pending address revokes its earlier link; the toast says so. */
describe('inviting an address that already has a pending invitation', () => {
  it('tells the owner the earlier link no longer works', async () => {
    stubApi({
      ...workspaceApi(ws),
      [`POST /api/workspaces/${ws.id}/invite`]: () => ({ status: 201, body: { ...pendingInvite, id: 'inv-3', replaced_previous: true } }),
    });
    renderApp(`/workspace/${ws.id}?tab=team`, plainUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Email/), pendingInvite.email);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText(
        `Invitation sent to ${pendingInvite.email}. The earlier invitation link sent to this address no longer works.`,
      ),
    ).toBeInTheDocument();
  });
});
