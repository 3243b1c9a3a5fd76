/** What antd needs from a browser that jsdom lacks (matchMedia, ResizeObserver), for component tests. */
import { vi } from 'vitest';

export function installDom() {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class RO {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: RO });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: RO });
  }
  // antd's scroll bar measurement
  Object.defineProperty(window, 'getComputedStyle', { writable: true, value: window.getComputedStyle.bind(window) });
}
