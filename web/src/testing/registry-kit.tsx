import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type InitialEntry, MemoryRouter, useLocation } from 'react-router';
import { RuntimeConfigProvider } from '../config/runtime-config';
import { QueryProvider } from '../lib/query-client';
import { setProfile, type StoredProfile } from '../lib/session';
import { type ApiAnswer, type ApiCall, failure, fakeApi } from './fake-api';
import { testConfig } from './render-app';

/** The registry screens' tests: a fake server by operation, a signed-in role, a rendering. */

export type Answers = Record<string, ApiAnswer | ((body: Record<string, unknown>) => ApiAnswer)>;

/**
 * The fake API: each operation's answer, fixed or by the request's input (a POST's body, a GET's
 * query parameters, as text); any other operation fails.
 */
export const serve = (answers: Answers) => {
  const calls = fakeApi((path, body) => {
    const answer = answers[path];
    if (answer === undefined) return failure(500, 'INTERNAL', `unexpected ${path}`);
    if (typeof answer !== 'function') return answer;
    // The call being answered was recorded last.
    return answer((body ?? calls.at(-1)?.query ?? {}) as Record<string, unknown>);
  });
  return calls;
};

/** What each call of the operation sent: a POST's body, a GET's query parameters. */
export const bodiesOf = (calls: readonly ApiCall[], path: string) =>
  calls.filter((c) => c.path === path).map((c) => c.body ?? c.query);

export const signedInAs = (profile: Partial<StoredProfile>) => {
  setProfile({
    givenName: null,
    familyName: null,
    email: 'me@example.com',
    role: 'PlatformAdmin',
    organisationId: null,
    ...profile,
  });
};

/** Shows where the screen navigated to (and with what navigation state). */
const LocationProbe = () => {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {`${location.pathname}${location.search}`}
    </output>
  );
};

/** The screen at `path` (an address, or a location with its navigation state). */
export const renderScreen = (ui: ReactNode, path: InitialEntry = '/') =>
  render(
    <RuntimeConfigProvider value={testConfig}>
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </QueryProvider>
    </RuntimeConfigProvider>,
  );
