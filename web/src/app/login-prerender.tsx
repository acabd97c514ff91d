import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { RuntimeConfigProvider } from '../config/runtime-config';
import { initI18n } from '../lib/i18n';
import { AppRoutes } from './app-routes';

/**
 * The login screen as HTML, rendered at build time into the page "/" is served (web/vite.config.ts):
 * the heading and the form paint with the HTML and the stylesheet, before any script has run or
 * /config.json has arrived; main.tsx then hydrates it. The tree is the one app.tsx renders first
 * (no configuration yet, English, nobody signed in), so that hydration finds every node in place.
 */
export const prerenderLoginScreen = async (): Promise<string> => {
  await initI18n();
  const { prelude } = await prerender(
    <StrictMode>
      <RuntimeConfigProvider value={null}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </RuntimeConfigProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
};
