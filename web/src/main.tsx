import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/console.css';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { FullPageLoader } from './components/full-page-loader';
import { env } from './config/env';
import { whenRuntimeConfigLoaded } from './config/runtime-config';
import { currentLanguage, DEFAULT_LANGUAGE, initI18n } from './lib/i18n';
import { uncoverLogin } from './lib/login-cover';
import { hasAgentSession } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// "/" is served with the login screen already in the page (login.html, app/login-prerender.tsx);
// every other path with an empty #root, which shows a loader until the app renders.
const prerendered = container.firstElementChild !== null;
let root: Root | undefined;
if (!prerendered) {
  root = createRoot(container);
  root.render(<FullPageLoader />);
}

// /config.json is fetched at once but not waited for: the login screen needs none of it, so it
// paints without that round trip; every other screen waits for it (app/app-routes.tsx).
const configReady = whenRuntimeConfigLoaded();
configReady.catch(() => undefined); // the app shows the failure (app/app.tsx)

// login.html's boot script covers its prerendered screen where the app will show another one
// (lib/login-cover.ts): the cover goes once React has rendered into #root, before that paints.
// It renders nothing, so hydration finds the prerendered nodes as they are.
const Uncover = () => {
  useLayoutEffect(uncoverLogin, []);
  return null;
};

// English texts are in this chunk: the app renders at once. A remembered other language first
// fetches its texts (if they fail to load, English stays).
const languageReady = initI18n().catch(() => undefined);
void languageReady.then(() => {
  const app = (
    <StrictMode>
      <Uncover />
      <App configReady={configReady} />
    </StrictMode>
  );
  // The prerendered screen is what the app shows first for an English-speaking visitor of "/"
  // who is not signed in: React takes it over as it is. Anyone else gets their own screen.
  if (
    prerendered &&
    window.location.pathname === env.basePath &&
    currentLanguage() === DEFAULT_LANGUAGE &&
    !hasAgentSession()
  ) {
    hydrateRoot(container, app);
    return;
  }
  if (!root) {
    container.replaceChildren();
    root = createRoot(container);
  }
  root.render(app);
});
