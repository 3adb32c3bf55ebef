import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { FakeXhr } from '../../test/fake-xhr';
import { workspaceApi, ws } from '../../test/workspace-test-api';

const ENDED = 'Your session ended because your password was changed. Please sign in again.';
const fileInput = (label: string) =>
  screen
    .getByLabelText(`${label} file`, { selector: 'button' })
    .closest('[data-testid="file-upload-card"]')!
    .querySelector('input[type="file"]') as HTMLInputElement;

function rfpApiAnswering(path: 'upload' | 'analyze-draft', status: number, body: object) {
  return {
    ...workspaceApi(ws),
    [`GET /api/workspaces/${ws.id}/rfp/solicitation`]: () => ({
      status: 404,
      body: { detail: 'No RFP has been uploaded to this workspace' },
    }),
    [`GET /api/workspaces/${ws.id}/rfp/analysis`]: () => ({ status: 404, body: { detail: 'No analysis yet' } }),
    [`POST /api/workspaces/${ws.id}/rfp/${path}`]: () => ({ status, body }),
  };
}

describe('RFP upload: the shared API client path (issue 25)', () => {
  it('signs out on a 401 to the upload, as every other call does, and the sign-in page says why', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = stubApi(rfpApiAnswering('upload', 401, { detail: ENDED, code: 'SESSION_ENDED' }));
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.upload(fileInput('Upload RFP PDF'), new File(['%PDF-1.4'], 'rfp.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByRole('heading', { name: /Sign in/ }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    // The sign-in page says why (the upload's own error toast may still be fading out above it).
    expect(screen.getAllByText(ENDED).filter((el) => !el.closest('.mantine-Notifications-root'))).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/workspaces/${ws.id}/rfp/upload`);
    expect(post.headers.authorization).toBe('Bearer test-token');
  });

  it('keeps the session on any other refusal and shows the server reason', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi(rfpApiAnswering('upload', 403, { detail: 'Viewers cannot upload the RFP' }));
    renderApp(`/workspace/${ws.id}?tab=rfp`, plainUser);
    await screen.findByRole('button', { name: 'Upload RFP PDF' });
    await userEvent.upload(fileInput('Upload RFP PDF'), new File(['%PDF-1.4'], 'rfp.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload RFP PDF' }));
    expect(await screen.findByText('Viewers cannot upload the RFP')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/workspace/${ws.id}`);
  });
});
