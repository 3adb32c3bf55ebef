import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { unhandledRequests } from './render-app';

// findBy*/waitFor give up after 1 s by default; a first Mantine render of a whole screen takes
// longer than that on a 2-core CI machine running four test projects at once. An element that never
// appears still fails the test, only later.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView = vi.fn();
window.HTMLElement.prototype.scrollIntoView = vi.fn();

afterEach(() => {
  cleanup();
  // The toast store is module-wide: without this, one test's toasts fill the next test's screen.
  notifications.clean();
  const unexpected = unhandledRequests.splice(0);
  expect(unexpected, 'requests without a stubApi handler').toEqual([]);
  localStorage.clear();
  vi.unstubAllGlobals();
});
