import { BrowserRouter } from 'react-router';
import { env } from '../config/env';
import { RuntimeConfigProvider, type RuntimeConfig } from '../config/runtime-config';
import { AppRoutes } from './app-routes';

export const App = ({ config }: { config: RuntimeConfig }) => (
  <RuntimeConfigProvider value={config}>
    <BrowserRouter basename={env.basePath}>
      <AppRoutes />
    </BrowserRouter>
  </RuntimeConfigProvider>
);
