import type * as CognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { lambdaEnv } from '../../env';
import { once } from './once';
import { traced } from './tracer';
import { accessOf, type Service, type ServiceAccess, type ServiceSource } from './service';

type Client = CognitoSdk.CognitoIdentityProviderClient;
export type Cognito = Service<Client, typeof CognitoSdk>;
export type CognitoAccess = ServiceAccess<Client, typeof CognitoSdk>;
export type CognitoSource = ServiceSource<Client, typeof CognitoSdk>;

/** The SDK package, loaded by the first call that needs it (Node keeps a module once loaded). */
export const loadCognitoSdk = (): Promise<typeof CognitoSdk> =>
  import('@aws-sdk/client-cognito-identity-provider');

export const cognito: CognitoAccess = /* @__PURE__ */ once(async () => {
  const sdk = await loadCognitoSdk();
  return {
    client: await traced(new sdk.CognitoIdentityProviderClient({ region: lambdaEnv().AWS_REGION })),
    sdk,
  };
});

/**
 * For the public calls made on a user's behalf (ConfirmForgotPassword): no retries. The SDK
 * retries LimitExceededException as throttling after a random wait, and that wait would make the
 * answer for an account at its attempt limit (which only an existing account can reach) slower
 * than every other answer.
 */
export const publicCallsCognito: CognitoAccess = /* @__PURE__ */ once(async () => {
  const sdk = await loadCognitoSdk();
  return {
    client: await traced(
      new sdk.CognitoIdentityProviderClient({ region: lambdaEnv().AWS_REGION, maxAttempts: 1 }),
    ),
    sdk,
  };
});

export const cognitoAccess = (source: CognitoSource): CognitoAccess =>
  accessOf(source, loadCognitoSdk);
