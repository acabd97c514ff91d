import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const cognitoClient = /* @__PURE__ */ once(
  () => new CognitoIdentityProviderClient({ region: lambdaEnv().AWS_REGION }),
);

/**
 * For the public calls made on a user's behalf (ConfirmForgotPassword): no retries. The SDK
 * retries LimitExceededException as throttling after a random wait, and that wait would make the
 * answer for an account at its attempt limit (which only an existing account can reach) slower
 * than every other answer.
 */
export const publicCallsCognitoClient = /* @__PURE__ */ once(
  () => new CognitoIdentityProviderClient({ region: lambdaEnv().AWS_REGION, maxAttempts: 1 }),
);
