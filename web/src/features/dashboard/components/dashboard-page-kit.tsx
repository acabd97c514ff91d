// The dashboard's tests share these; each test file mocks '../../../lib/auth-token' itself.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { RuntimeConfigProvider } from '../../../config/runtime-config';
import { QueryProvider } from '../../../lib/query-client';
import { setAgentSession, setProfile, type StoredProfile } from '../../../lib/session';
import {
  type ApiAnswer,
  type ApiCall,
  failure,
  fakeApi,
  loadTestRuntimeConfig,
  success,
} from '../../../testing/fake-api';
import { testConfig } from '../../../testing/render-app';
import { activity, needsAction, recentChanges, security } from '../testing/dashboard-fixtures';
import { DashboardPage } from './dashboard-page';

type Answers = Record<string, () => ApiAnswer>;

const DEFAULTS: Answers = {
  'dashboard/needs-action': () => success(needsAction()),
  'dashboard/activity': () => success(activity()),
  'dashboard/security': () => success(security({ chain: null })),
  'dashboard/recent-changes': () => success(recentChanges()),
};

/** The fake server: each path's answer (the defaults above unless told). */
export const serve = (answers: Answers = {}) =>
  fakeApi((path) => {
    const answer = answers[path] ?? DEFAULTS[path];
    return answer ? answer() : failure(404, 'NOT_FOUND', `no ${path}`);
  });

const LocationProbe = () => {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
};

export const renderPage = () =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter initialEntries={['/admin/dashboard']}>
          <DashboardPage />
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );

export const signedInAs = (profile: Pick<StoredProfile, 'role' | 'organisationId'>) => {
  setProfile({
    givenName: null,
    familyName: null,
    email: 'me@example.com',
    userName: 'sub-me',
    ...profile,
  });
};

export const block = (name: string) => screen.getByRole('region', { name });
export const findBlock = async (name: string, text: string | RegExp) => {
  const region = await screen.findByRole('region', { name });
  await within(region).findByText(text);
  return region;
};
export const hrefOfLink = (region: HTMLElement, name: string | RegExp) =>
  within(region).getByRole('link', { name }).getAttribute('href');
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path);

/** Each test signed in as a PlatformAdmin with an agent session; fetch restored after. */
export const setUpDashboardTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    setAgentSession();
    signedInAs({ role: 'PlatformAdmin', organisationId: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
};
