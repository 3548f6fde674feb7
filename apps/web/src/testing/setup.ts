import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useAuthStore } from '../lib/auth-store';

// findBy*/waitFor wait up to 5 s, not the library's 1 s: on a loaded machine (the whole run beside
// the browser suites) a list's first render after its mocked answer took longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads these browser APIs, which jsdom does not have.
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
window.HTMLElement.prototype.scrollIntoView = () => {};
// Textarea autosize listens to font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: vi.fn(), removeEventListener: vi.fn(), ready: Promise.resolve() },
  });
}

// jsdom does not implement pseudo-elements; drop the second argument Mantine may pass.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  useAuthStore.setState({ token: null, isAuthenticated: false, user: null });
  localStorage.clear();
});
