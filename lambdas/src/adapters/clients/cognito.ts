import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const cognitoClient = /* @__PURE__ */ once(
  () => new CognitoIdentityProviderClient({ region: lambdaEnv().AWS_REGION }),
);
