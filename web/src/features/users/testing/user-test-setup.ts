import { afterEach, beforeEach, vi } from 'vitest';
import { setProfile, type StoredProfile } from '../../../lib/session';
import { loadTestRuntimeConfig } from '../../../testing/fake-api';

/** Signs the test in with the stored profile: a PlatformAdmin of no organisation unless told. */
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

/** Every users test starts with the runtime configuration, signed in; ends with nothing kept. */
export const setUpUserTests = () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    signedInAs({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
};
