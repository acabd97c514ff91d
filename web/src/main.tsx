import 'bootstrap/dist/css/bootstrap.min.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { FullPageLoader } from './components/full-page-loader';
import { loadRuntimeConfig } from './config/runtime-config';
import { initI18n } from './lib/i18n';
import { lazyNamed } from './lib/lazy-named';

const ConfigErrorPage = lazyNamed(() => import('./app/config-error-page'), 'ConfigErrorPage', {
  texts: 'login', // its texts are in the entry chunk: it shows when little else works
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const languageReady = initI18n().catch(() => undefined); // if its texts fail to load, English stays
root.render(<FullPageLoader />);

Promise.all([loadRuntimeConfig(), languageReady]).then(
  ([config]) => {
    document.title = config.productName;
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  },
  (err: unknown) => {
    root.render(
      <Suspense fallback={<FullPageLoader />}>
        <ConfigErrorPage detail={err instanceof Error ? err.message : String(err)} />
      </Suspense>,
    );
  },
);
