import { afterEach, describe, expect, it } from 'vitest';
import { loadTestRuntimeConfig } from '../testing/fake-api';
import { getIdToken } from './auth';
import { hasAgentSession, setAgentSession } from './session';
import { setSessionChannel, type SessionMessage } from './session-channel';

describe('getIdToken and the end of an invalid session (SPEC §4)', () => {
  afterEach(() => {
    setSessionChannel(undefined);
  });

  it('is null, without asking Amplify, when nobody is signed in', async () => {
    await expect(getIdToken()).resolves.toBeNull();
  });

  it('ends a session whose tokens are gone (revoked, expired, refused) and says why', async () => {
    const posted: SessionMessage[] = [];
    setSessionChannel({ post: (m) => posted.push(m), subscribe: () => () => undefined });
    await loadTestRuntimeConfig();
    setAgentSession(); // the marker says signed in, but Amplify has no tokens (any more)

    await expect(getIdToken()).resolves.toBeNull();
    expect(hasAgentSession()).toBe(false);
    expect(posted).toEqual([{ type: 'signed-out', reason: 'invalid' }]);
  });
});
