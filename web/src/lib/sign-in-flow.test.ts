import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../testing/render-app';
import { failure, fakeApi, loadTestRuntimeConfig, success } from '../testing/fake-api';
import {
  cancelSignIn,
  confirmNewPassword,
  confirmTotpCode,
  requestPasswordReset,
  signIn,
} from './auth';
import { getProfile, hasAgentSession, isFirstTimeLogin } from './session';
import { totpIssuer, totpSetupUri } from './sign-in-flow';

// Amplify's auth API, scripted per test: what Cognito answers is Amplify's business (the
// integration and e2e suites drive the real one against the offline Cognito); this pins down what
// the console does with each answer (SPEC §4, §8).
const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  fetchUserAttributes: vi.fn(),
  fetchAuthSession: vi.fn(),
  signOut: vi.fn(),
  resetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);
vi.mock('aws-amplify', () => ({ Amplify: { configure: vi.fn() } }));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { setKeyValueStorage: vi.fn() },
}));

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

const step = (signInStep: string, extra: object = {}) => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep, ...extra },
});

/** A session whose ID token carries these claims. */
const idToken = (payload: Record<string, unknown>) => ({
  tokens: { idToken: { toString: () => 'id.jwt', payload } },
});

describe('the sign-in flow (SPEC §4, §8)', () => {
  beforeEach(async () => {
    await loadTestRuntimeConfig();
    for (const fn of Object.values(amplify)) fn.mockReset();
    amplify.fetchMFAPreference.mockResolvedValue({ enabled: ['TOTP'], preferred: 'TOTP' });
    amplify.fetchUserAttributes.mockResolvedValue({
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@example.com',
      'custom:organisationId': 'site-berlin-mitte',
    });
    amplify.fetchAuthSession.mockResolvedValue(
      idToken({ 'cognito:groups': ['OrgAdmin'], 'custom:organisationId': 'site-berlin-mitte' }),
    );
    amplify.signOut.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('with TOTP enrolled and no challenge: redirect-user (logLogin), the profile, the marker', async () => {
    const calls = fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));

    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'signed-in' });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Secret123',
    });
    expect(calls).toEqual([
      expect.objectContaining({ path: 'redirectUser', authorization: 'Bearer id.jwt' }),
    ]);
    expect(calls[0]?.body).toBeUndefined(); // no password, no secret: a query only
    expect(hasAgentSession()).toBe(true);
    expect(getProfile()).toEqual({
      givenName: 'Ada',
      familyName: 'Lovelace',
      email: 'ada@example.com',
      role: 'OrgAdmin',
      organisationId: 'site-berlin-mitte',
    });
  });

  it('takes the organisation from the ID token when the attributes cannot be read', async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    amplify.fetchUserAttributes.mockRejectedValue(new Error('Network error'));
    amplify.fetchAuthSession.mockResolvedValue(
      idToken({ 'cognito:groups': ['Auditor'], 'custom:organisationId': 'sponsor-1' }),
    );
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'signed-in' });
    expect(getProfile()).toEqual({
      givenName: null,
      familyName: null,
      email: 'ada@example.com',
      role: 'Auditor',
      organisationId: 'sponsor-1',
    });
  });

  it('takes the role from the group alone: a stale custom:role attribute or claim is ignored (issue 12)', async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    amplify.fetchUserAttributes.mockResolvedValue({
      email: 'ada@example.com',
      'custom:role': 'PlatformAdmin',
      'custom:organisationId': 'site-1',
    });
    amplify.fetchAuthSession.mockResolvedValue(
      idToken({ 'cognito:groups': ['Auditor'], 'custom:role': 'PlatformAdmin' }),
    );
    await signIn('ada@example.com', 'Secret123');
    expect(getProfile()).toMatchObject({ role: 'Auditor', organisationId: 'site-1' });
  });

  it('gives a user put into the PlatformAdmin group by hand (no custom:role at all) the PlatformAdmin role', async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    amplify.fetchUserAttributes.mockResolvedValue({ email: 'root@example.com' });
    amplify.fetchAuthSession.mockResolvedValue(
      idToken({ 'cognito:groups': ['PlatformAdmin'], 'cognito:username': 'sub-root' }),
    );
    await signIn('root@example.com', 'Secret123');
    expect(getProfile()).toMatchObject({
      role: 'PlatformAdmin',
      organisationId: null,
      userName: 'sub-root', // the Cognito user name, how the screens tell the account's own row
    });
  });

  it.each([
    ['no groups claim', {}, null],
    ['no role group', { 'cognito:groups': ['us-west-2_abc_Google'] }, null],
    ['two role groups', { 'cognito:groups': ['OrgAdmin', 'Auditor'] }, null],
    ['a claim that is not a list', { 'cognito:groups': 'PlatformAdmin' }, null],
    [
      'one role group among others',
      { 'cognito:groups': ['us-west-2_abc_Google', 'OrgAdmin'] },
      'OrgAdmin',
    ],
  ])('reads the role of an ID token with %s as the server does', async (_name, claims, role) => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    amplify.fetchAuthSession.mockResolvedValue(idToken(claims));
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'signed-in' });
    expect(getProfile()?.role).toBe(role);
  });

  it('sends logLogin=true, or firstLogin=true after a new password, and clears the flag', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url);
      return Promise.resolve(Response.json({ status: 'success', data: { recorded: true } }));
    });
    amplify.signIn.mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'));
    await expect(signIn('ada@example.com', 'Temp-Pass1')).resolves.toEqual({
      kind: 'new-password',
    });
    amplify.confirmSignIn.mockResolvedValue(step('DONE'));
    await expect(confirmNewPassword('NewSecret123')).resolves.toEqual({ kind: 'signed-in' });
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'NewSecret123' });
    expect(urls).toEqual(['/ccsc/ui/redirectUser?firstLogin=true']);
    expect(isFirstTimeLogin()).toBe(false);
  });

  it('takes a user without an authenticator to enrolment before anything else', async () => {
    const calls = fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    amplify.fetchMFAPreference.mockResolvedValue({});
    amplify.setUpTOTP.mockResolvedValue({ sharedSecret: 'JBSWY3DPEHPK3PXP' });

    const result = await signIn('ada@example.com', 'Secret123');
    expect(result).toEqual({
      kind: 'totp-setup',
      via: 'signed-in',
      secret: 'JBSWY3DPEHPK3PXP',
      setupUri:
        'otpauth://totp/Test%20Account%20test%20MFA:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Test%20Account%20test%20MFA&algorithm=SHA1&digits=6&period=30',
    });
    expect(hasAgentSession()).toBe(false); // not signed in to the console until enrolled
    expect(calls).toEqual([]);

    await expect(
      confirmTotpCode('123456', { kind: 'totp-setup', via: 'signed-in' }),
    ).resolves.toEqual({ kind: 'signed-in' });
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(calls.map((c) => c.path)).toEqual(['redirectUser']);
    expect(hasAgentSession()).toBe(true);
  });

  it("answers Cognito's MFA_SETUP, then makes TOTP preferred", async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(
      step('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', {
        totpSetupDetails: { sharedSecret: 'SECRETSECRETSECR', getSetupUri: vi.fn() },
      }),
    );
    const result = await signIn('ada@example.com', 'Secret123');
    expect(result).toMatchObject({
      kind: 'totp-setup',
      via: 'challenge',
      secret: 'SECRETSECRETSECR',
    });

    amplify.confirmSignIn.mockResolvedValue(step('DONE'));
    await expect(
      confirmTotpCode('654321', { kind: 'totp-setup', via: 'challenge' }),
    ).resolves.toEqual({ kind: 'signed-in' });
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '654321' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
  });

  it('asks for the code on SOFTWARE_TOKEN_MFA, choosing TOTP when Cognito offers a choice', async () => {
    amplify.signIn.mockResolvedValue(
      step('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['SMS', 'TOTP'] }),
    );
    amplify.confirmSignIn.mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'totp-code' });
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'TOTP' });
  });

  it.each([
    ['a custom challenge', step('CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE')],
    ['an SMS code', step('CONFIRM_SIGN_IN_WITH_SMS_CODE')],
    ['an e-mail code', step('CONFIRM_SIGN_IN_WITH_EMAIL_CODE')],
    ['e-mail MFA set-up', step('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP')],
    [
      'MFA selection without TOTP',
      step('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['SMS'] }),
    ],
  ])('ends %s with a clear answer, not a hang', async (_name, output) => {
    amplify.signIn.mockResolvedValue(output);
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'unsupported' });
  });

  it.each([
    [
      cognitoError('NotAuthorizedException', 'Incorrect username or password.'),
      'incorrect-credentials',
    ],
    [cognitoError('UserNotFoundException', 'User does not exist.'), 'unknown-user'],
    [cognitoError('NotAuthorizedException', 'User is disabled.'), 'user-disabled'],
    [cognitoError('NotAuthorizedException', 'Password attempts exceeded'), 'attempts-exceeded'],
    [
      cognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
      'password-reset-required',
    ],
    [cognitoError('NetworkError', 'Network error'), 'unknown'],
  ])('names the failure %s', async (error, reason) => {
    amplify.signIn.mockRejectedValue(error);
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({
      kind: 'failed',
      reason,
    });
  });

  it.each([
    [cognitoError('CodeMismatchException', 'Invalid code received for user'), 'invalid-code'],
    [cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'), 'invalid-code'],
    [
      cognitoError('NotAuthorizedException', 'Invalid code or auth state for the user.'),
      'invalid-code',
    ],
    [
      cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
      'session-expired',
    ],
    [
      cognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'),
      'attempt-limit',
    ],
    [
      cognitoError('InvalidPasswordException', 'Password does not conform to policy'),
      'password-rejected',
    ],
    [cognitoError('InternalErrorException', 'boom'), 'unknown'],
  ])('names a refused answer %s', async (error, reason) => {
    amplify.confirmSignIn.mockRejectedValue(error);
    await expect(confirmTotpCode('000000', { kind: 'totp-code' })).resolves.toEqual({
      kind: 'step-failed',
      reason,
    });
  });

  it('signs out again when redirect-user fails (SPEC §8)', async () => {
    fakeApi(() => failure(500, 'INTERNAL', 'Internal error'));
    amplify.signIn.mockResolvedValue(step('DONE'));
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({
      kind: 'failed',
      reason: 'redirect-failed',
    });
    expect(amplify.signOut).toHaveBeenCalled();
    expect(hasAgentSession()).toBe(false);
  });

  it('drops the tokens of a sign-in left unfinished and starts afresh', async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn
      .mockRejectedValueOnce(
        cognitoError('UserAlreadyAuthenticatedException', 'There is already a signed in user.'),
      )
      .mockResolvedValueOnce(step('DONE'));
    await expect(signIn('ada@example.com', 'Secret123')).resolves.toEqual({ kind: 'signed-in' });
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
  });

  it('keeps one sign-in pending at a time', async () => {
    fakeApi(() => success({ recorded: true }));
    amplify.signIn.mockResolvedValue(step('DONE'));
    const [first, second] = [
      signIn('a@example.com', 'Secret123'),
      signIn('a@example.com', 'Secret123'),
    ];
    await Promise.all([first, second]);
    expect(amplify.signIn).toHaveBeenCalledTimes(1);
  });

  it('cancelling forgets the half-done sign-in', async () => {
    await cancelSignIn();
    expect(amplify.signOut).toHaveBeenCalled();
  });

  it('builds the issuer from the account name, environment and a fixed suffix', () => {
    expect(totpIssuer(testConfig)).toBe('Test Account test MFA');
    expect(totpIssuer({ ...testConfig, accountName: 'Acme' })).toBe('Acme test MFA');
    expect(totpSetupUri('A B', 'x+y@example.com', 'ABC')).toBe(
      'otpauth://totp/A%20B:x%2By%40example.com?secret=ABC&issuer=A%20B&algorithm=SHA1&digits=6&period=30',
    );
  });

  it.each([
    ['UserNotFoundException', 'sent'],
    ['NotAuthorizedException', 'sent'],
    ['InvalidParameterException', 'sent'],
    ['CodeDeliveryFailureException', 'sent'],
    ['LimitExceededException', 'limit-exceeded'],
    ['InternalErrorException', 'failed'],
  ])(
    'answers a forgot-password %s without telling whether the account exists',
    async (name, answer) => {
      amplify.resetPassword.mockRejectedValue(cognitoError(name, name));
      await expect(requestPasswordReset('ada@example.com')).resolves.toBe(answer);
    },
  );
});
