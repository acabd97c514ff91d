import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllTexts } from '../lib/i18n';
import { WAIT } from './waits';

configure({ asyncUtilTimeout: WAIT.timeout }); // waits.ts: why 15 s

void initI18n(); // English, synchronously
await loadAllTexts(); // components rendered directly, not through lazyNamed, need them all

afterEach(() => {
  cleanup();
  localStorage.clear();
});
