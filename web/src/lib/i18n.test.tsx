import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../testing/render-app';
import { changeLanguage, currentLanguage, initI18n, LANGUAGE_STORAGE_KEY } from './i18n';

describe('language choice', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('switches from the switcher, keeps the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('button', { name: 'Deutsch' }));

    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');

    await user.click(screen.getByRole('button', { name: 'Sprache: Deutsch' }));
    await user.click(screen.getByRole('button', { name: 'Türkçe' }));
    expect(await screen.findByRole('heading', { name: 'Giriş' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('tr');
  });

  it('starts in the remembered language', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'tr');
    await initI18n();
    expect(currentLanguage()).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
  });
});
