import { afterEach, beforeEach, vi } from 'vitest';

/** The page's visibility, as a polling test sets it (`page.visibility = 'hidden'`). */
export interface PollingPage {
  visibility: DocumentVisibilityState;
}

/**
 * For the describe block it is called in: the tab's visibility under the test's control (visible
 * at the start of each test) and fake intervals, so a test advances the poll's timer itself
 * (`vi.advanceTimersByTimeAsync`). Only intervals are faked: Mantine and the test helpers keep real
 * timeouts.
 */
export function fakePollingPage(): PollingPage {
  const page: PollingPage = { visibility: 'visible' };
  beforeEach(() => {
    page.visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => page.visibility);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return page;
}
