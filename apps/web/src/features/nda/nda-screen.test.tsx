import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ndaFixture, workspaceFixture } from '../../test/fixtures';
import { plainUser, renderApp, stubApi } from '../../test/render-app';
import { hasReachedEnd, withoutRepeatedTitle } from './nda-text';

const ws = workspaceFixture(4, { user_role: 'CONTRIBUTOR', nda_required: true });
const gatedWorkspace = {
  'GET /api/auth/refresh-user': () => ({ body: plainUser }),
  [`GET /api/workspaces/${ws.id}`]: () => ({ body: ws }),
  'GET /api/nda/current': () => ({ body: ndaFixture }),
};

/** Gives the NDA scroll box real-looking geometry (jsdom lays nothing out): 1000px of text in a 300px box. */
function fakeScrollBox() {
  let scrollTop = 0;
  const isBox = (el: HTMLElement) => el.dataset.testid === 'nda-scroll';
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? 1000 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBox(this) ? 300 : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return this instanceof HTMLElement && isBox(this) ? scrollTop : 0;
  });
  return (to: number) => {
    scrollTop = to;
    fireEvent.scroll(screen.getByTestId('nda-scroll'));
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hasReachedEnd', () => {
  it('is true within 50px of the bottom and when the text fits', () => {
    expect(hasReachedEnd({ scrollTop: 0, scrollHeight: 1000, clientHeight: 300 })).toBe(false);
    expect(hasReachedEnd({ scrollTop: 649, scrollHeight: 1000, clientHeight: 300 })).toBe(false);
    expect(hasReachedEnd({ scrollTop: 650, scrollHeight: 1000, clientHeight: 300 })).toBe(true);
    expect(hasReachedEnd({ scrollTop: 700, scrollHeight: 1000, clientHeight: 300 })).toBe(true);
    expect(hasReachedEnd({ scrollTop: 0, scrollHeight: 200, clientHeight: 300 })).toBe(true);
  });
});

describe('withoutRepeatedTitle', () => {
  it('drops a first heading that repeats the title and keeps everything else', () => {
    expect(withoutRepeatedTitle('# Mutual NDA\n\n**Version 1**', 'Mutual NDA')).toBe('\n**Version 1**');
    expect(withoutRepeatedTitle('# Other heading\n\nText', 'Mutual NDA')).toBe('# Other heading\n\nText');
    expect(withoutRepeatedTitle('Text\n# Mutual NDA\n', 'Mutual NDA')).toBe('Text\n# Mutual NDA\n');
    // Issue 21: the version line under the title repeated the "Version 1" shown above the text.
    expect(withoutRepeatedTitle('# Mutual NDA\n\n**Version 1**\n\nThis Agreement', 'Mutual NDA', 1)).toBe('\nThis Agreement');
    expect(withoutRepeatedTitle('# Mutual NDA\n\n**Version 1**\n\nThis Agreement', 'Mutual NDA', 2)).toBe(
      '\n**Version 1**\n\nThis Agreement',
    );
  });
});

describe('NDA screen', () => {
  it('keeps the acknowledgement locked until the reader scrolls near the end, and it stays unlocked', async () => {
    const scrollTo = fakeScrollBox();
    stubApi(gatedWorkspace);
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByRole('region', { name: 'NDA text' })).toHaveTextContent(
      'The parties wish to share confidential information.',
    );
    const checkbox = screen.getByLabelText(/I have read and agree/);
    expect(checkbox).toBeDisabled();
    expect(screen.getByText('Please scroll through the entire document to continue')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept and Continue' })).toBeDisabled();

    scrollTo(600);
    expect(checkbox).toBeDisabled();
    scrollTo(655);
    expect(checkbox).toBeEnabled();
    expect(screen.queryByText('Please scroll through the entire document to continue')).toBeNull();
    scrollTo(0);
    expect(checkbox).toBeEnabled();

    expect(screen.getByRole('button', { name: 'Accept and Continue' })).toBeDisabled();
    await userEvent.click(checkbox);
    expect(screen.getByRole('button', { name: 'Accept and Continue' })).toBeEnabled();
  });

  it('unlocks at once when the text fits without scrolling', async () => {
    stubApi(gatedWorkspace);
    renderApp(`/workspace/${ws.id}`, plainUser);
    await screen.findByRole('region', { name: 'NDA text' });
    expect(screen.getByLabelText(/I have read and agree/)).toBeEnabled();
    // Playwright checks the box by its test id: it must be the input itself.
    expect(screen.getByTestId('nda-acknowledge')).toBe(screen.getByLabelText(/I have read and agree/));
  });

  it('says the NDA failed to load', async () => {
    stubApi({ ...gatedWorkspace, 'GET /api/nda/current': () => ({ status: 500, body: {} }) });
    renderApp(`/workspace/${ws.id}`, plainUser);
    expect(await screen.findByText('Failed to load NDA')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and Continue' })).toBeNull();
  });

  it('says the acceptance failed and stays on the NDA', async () => {
    stubApi({ ...gatedWorkspace, [`POST /api/workspaces/${ws.id}/nda/accept`]: () => ({ status: 500, body: {} }) });
    renderApp(`/workspace/${ws.id}`, plainUser);
    await userEvent.click(await screen.findByLabelText(/I have read and agree/));
    await userEvent.click(screen.getByRole('button', { name: 'Accept and Continue' }));
    expect(await screen.findByText('Failed to accept NDA')).toBeInTheDocument();
    expect(screen.getByTestId('nda-screen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept and Continue' })).toBeEnabled();
  });
});
