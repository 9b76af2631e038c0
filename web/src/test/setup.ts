import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fetchChunkTexts } from '../lib/chunk-texts.ts';

// In the app each feature's texts are a chunk per language, fetched with its page (decision
// 0315); tests hold every feature's texts in both languages from the start, so that a first
// render already has its words, as the loaded route table (render.tsx) has its pages.
import.meta.glob('../**/use-*-texts.ts', { eager: true });
await Promise.all(['en', 'fr'].map((language) => fetchChunkTexts(language)));

// jsdom lacks these browser APIs; Mantine calls them (colour scheme, responsive styles,
// ScrollArea and Table.ScrollContainer sizing). Minimal stand-ins are enough.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStandIn {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStandIn });
}

if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// Two cores shared by many runs: a page that waits for the user's roles, then its data, can
// need more than testing-library's default second to appear.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  // Files share one module graph (isolate: false): a spy on a shared object ends with its test.
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
