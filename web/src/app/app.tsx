import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { env } from '../config/env';
import { RuntimeConfigProvider, type RuntimeConfig } from '../config/runtime-config';
import { lazyNamed } from '../lib/lazy-named';
import { AppRoutes } from './app-routes';

const ConfigErrorPage = lazyNamed(() => import('./config-error-page'), 'ConfigErrorPage', {
  texts: 'login', // its texts are in the entry chunk: it shows when little else works
});

type ConfigState =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'failed'; detail: string };

/**
 * The app while /config.json arrives: the routes render at once with no configuration (only the
 * login screen shows then, app-routes.tsx), then with it; the tree keeps its shape meanwhile, so
 * what the user typed stays. Without a valid configuration nothing else can work: the error page.
 */
export const App = ({ configReady }: { configReady: Promise<RuntimeConfig> }) => {
  const [state, setState] = useState<ConfigState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    configReady.then(
      (config) => {
        document.title = config.productName;
        if (current) setState({ status: 'ready', config });
      },
      (err: unknown) => {
        if (current)
          setState({ status: 'failed', detail: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [configReady]);

  if (state.status === 'failed') {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <ConfigErrorPage detail={state.detail} />
      </Suspense>
    );
  }
  return (
    <RuntimeConfigProvider value={state.status === 'ready' ? state.config : null}>
      <BrowserRouter basename={env.basePath}>
        <AppRoutes />
      </BrowserRouter>
    </RuntimeConfigProvider>
  );
};
