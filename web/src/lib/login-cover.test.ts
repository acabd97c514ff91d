import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES } from './i18n';
import { coversLogin, LOGIN_COVER_ATTRIBUTE, LOGIN_COVER_STYLE, uncoverLogin } from './login-cover';
import { SESSION_KEYS } from './session';

// The boot script runs a copy of the function's source (web/vite.config.ts): that copy must
// decide alike, with nothing from this module around it.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the copy is what is under test
const copy: unknown = new Function(`return (${coversLogin.toString()})`);
const copied = (copy as () => typeof coversLogin)();

describe.each([
  ['the function', coversLogin],
  ["the boot script's copy", copied],
])('whether login.html covers its prerendered screen (%s)', (_name, covers) => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('leaves it to a first visitor, and to one who chose English', () => {
    expect(covers()).toBe(false);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE);
    expect(covers()).toBe(false);
  });

  it('covers it for every other language remembered (the app starts in it)', () => {
    for (const language of LANGUAGES.filter((value) => value !== DEFAULT_LANGUAGE)) {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      expect(covers()).toBe(true);
    }
  });

  it('leaves it for a stored value that is no language (the app starts in English)', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(covers()).toBe(false);
  });

  it('covers it for a signed-in visitor, whatever the language', () => {
    localStorage.setItem(SESSION_KEYS.agentSession, 'true');
    expect(covers()).toBe(true);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, DEFAULT_LANGUAGE);
    expect(covers()).toBe(true);
    localStorage.setItem(SESSION_KEYS.agentSession, 'false');
    expect(covers()).toBe(false);
  });

  it('leaves it where storage cannot be read (the app starts in English, signed out)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(covers()).toBe(false);
  });
});

describe('the cover', () => {
  it('is hidden content behind a spinner while the attribute is there, and goes with it', () => {
    expect(LOGIN_COVER_STYLE).toContain(
      `html[${LOGIN_COVER_ATTRIBUTE}] #root>*{display:none!important}`,
    );
    document.documentElement.setAttribute(LOGIN_COVER_ATTRIBUTE, '');
    uncoverLogin();
    expect(document.documentElement.hasAttribute(LOGIN_COVER_ATTRIBUTE)).toBe(false);
    uncoverLogin(); // nothing to take away: no error
  });
});
