import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { FullPageLoader } from './components/full-page-loader';
import { whenRuntimeConfigLoaded } from './config/runtime-config';
import { initI18n } from './lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// /config.json is fetched at once but not waited for: the login screen needs none of it, so it
// paints without that round trip; every other screen waits for it (app/app-routes.tsx).
const configReady = whenRuntimeConfigLoaded();
configReady.catch(() => undefined); // the app shows the failure (app/app.tsx)

// English texts are in this chunk: the app renders at once. A remembered other language first
// fetches its texts (if they fail to load, English stays).
const languageReady = initI18n().catch(() => undefined);
root.render(<FullPageLoader />);
void languageReady.then(() => {
  root.render(
    <StrictMode>
      <App configReady={configReady} />
    </StrictMode>,
  );
});
