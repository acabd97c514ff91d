import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/app-routes';
import { RuntimeConfigProvider, type RuntimeConfig } from '../config/runtime-config';
import { QueryProvider } from '../lib/query-client';

export const testConfig: RuntimeConfig = {
  region: 'us-west-2',
  userPoolId: 'us-west-2_Test12345',
  userPoolClientId: 'testclient123',
  apiBaseUrl: '/ccsc/ui/',
  productName: 'Test Console',
  supportEmail: 'helpdesk@example.com',
  environmentName: 'test',
  idleTimeoutSeconds: 1800,
  accountName: 'Test Account',
};

/** Shows the router's current path, so that tests can see where a redirect went. */
const LocationProbe = () => <output data-testid="location">{useLocation().pathname}</output>;

/**
 * Renders `ui` (by default the whole route table) at `path`, as the app does; with a query client
 * of its own for a screen rendered without the private layout.
 */
export const renderAt = (path: string, ui: ReactNode = <AppRoutes />, config = testConfig) =>
  render(
    <RuntimeConfigProvider value={config}>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );
