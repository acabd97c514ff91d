import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllTexts } from '../lib/i18n';

void initI18n(); // English, synchronously
await loadAllTexts(); // components rendered directly, not through lazyNamed, need them all

// jsdom has no matchMedia; React-Bootstrap's Offcanvas asks it for breakpoints. Nothing matches.
// @restart/hooks still subscribes with the legacy addListener/removeListener.
const noop = () => undefined;
const legacyListeners = { addListener: noop, removeListener: noop };
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    ...legacyListeners,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
