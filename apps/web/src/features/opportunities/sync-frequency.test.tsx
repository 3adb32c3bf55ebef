import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, focusManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writePreferences, type SyncFrequency } from '../../lib/preferences';
import { createQueryClient } from '../../lib/query-client';
import { stubApi, type FetchCall } from '../../test/render-app';
import { useOpportunityList, useOpportunityStats } from './api/opportunities-api';
import { RefreshButton } from './components/refresh-button';
import { SYNC_INTERVAL_MS, syncRefetchOptions } from '../../lib/sync-frequency';

const MINUTE = 60_000;

/** The dashboard's two opportunity reads and its Refresh button, without the rest of the app. */
function OpenScreen() {
  const list = useOpportunityList({ page: 1, limit: 20 });
  const stats = useOpportunityStats();
  return (
    <>
      <div data-testid="loaded">{String(Boolean(list.data && stats.data))}</div>
      <RefreshButton />
    </>
  );
}

let calls: FetchCall[];
const reads = () => ({
  list: calls.filter((c) => c.url.startsWith('/api/opportunities?')).length,
  stats: calls.filter((c) => c.url === '/api/opportunities/stats').length,
});
/** Moves the fake clock and lets the answers of the calls it triggered arrive. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function openWith(frequency: SyncFrequency) {
  writePreferences({ syncFrequency: frequency });
  calls = stubApi({});
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <OpenScreen />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await wait(0);
  expect(screen.getByTestId('loaded')).toHaveTextContent('true');
  expect(reads()).toEqual({ list: 1, stats: 1 });
}

describe('sync frequency (Settings → Integration) drives how often open screens re-read opportunities', () => {
  beforeEach(() => {
    // Timers and the clock only: fetch's body streams keep their real scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    focusManager.setFocused(undefined);
    vi.useRealTimers();
  });

  it('realtime: the listing and the stats every 30 s while the tab is visible, not while hidden', async () => {
    await openWith('realtime');
    await wait(29_000);
    expect(reads()).toEqual({ list: 1, stats: 1 });
    await wait(1_000);
    expect(reads()).toEqual({ list: 2, stats: 2 });
    await wait(30_000);
    expect(reads()).toEqual({ list: 3, stats: 3 });

    act(() => focusManager.setFocused(false));
    await wait(5 * MINUTE);
    expect(reads()).toEqual({ list: 3, stats: 3 });
    // Back on the tab with data older than 30 s: read at once.
    act(() => focusManager.setFocused(true));
    await wait(0);
    expect(reads()).toEqual({ list: 4, stats: 4 });
  });

  it('hourly: nothing for 59 minutes, then one read', async () => {
    await openWith('hourly');
    await wait(59 * MINUTE);
    expect(reads()).toEqual({ list: 1, stats: 1 });
    // Coming back to the tab within the hour does not read early.
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await wait(0);
    expect(reads()).toEqual({ list: 1, stats: 1 });
    await wait(MINUTE);
    expect(reads()).toEqual({ list: 2, stats: 2 });
  });

  it.each(['daily', 'weekly'] as const)('%s: only on load and on Refresh, never by timer or tab focus', async (frequency) => {
    await openWith(frequency);
    await wait(8 * 24 * 60 * MINUTE);
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await wait(0);
    expect(reads()).toEqual({ list: 1, stats: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh opportunities' }));
    await wait(0);
    expect(reads()).toEqual({ list: 2, stats: 2 });
  });

  it('a change saved in Settings applies to a screen already open', async () => {
    await openWith('daily');
    await wait(10 * MINUTE);
    expect(reads()).toEqual({ list: 1, stats: 1 });
    act(() => void writePreferences({ syncFrequency: 'realtime' }));
    await wait(30_000);
    expect(reads().list).toBeGreaterThanOrEqual(2);
    expect(reads().stats).toBeGreaterThanOrEqual(2);
  });

  it('maps each choice to TanStack Query options (hidden tabs never poll)', () => {
    expect(SYNC_INTERVAL_MS).toEqual({ realtime: 30_000, hourly: 3_600_000, daily: false, weekly: false });
    for (const f of ['realtime', 'hourly', 'daily', 'weekly'] as const) {
      const o = syncRefetchOptions(f);
      expect(o.refetchInterval).toBe(SYNC_INTERVAL_MS[f]);
      expect(o.refetchIntervalInBackground).toBe(false);
    }
    expect(syncRefetchOptions('daily').refetchOnWindowFocus).toBe(false);
  });
});
