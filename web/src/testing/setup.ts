import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllTexts } from '../lib/i18n';

// A `findBy…` waits up to 15 s, not Testing Library's 1 s: on a loaded 2-core machine (npm test
// beside other work) a screen's second render after a mocked call came later than 1 s, and a
// route's first render (its lazy chunk transformed on first import) later than 5 s in CI, and
// the test failed although the screen was right. A screen that never shows it still fails.
configure({ asyncUtilTimeout: 15_000 });

void initI18n(); // English, synchronously
await loadAllTexts(); // components rendered directly, not through lazyNamed, need them all

afterEach(() => {
  cleanup();
  localStorage.clear();
});
