import {
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  type RespondToAuthChallengeCommandOutput,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { srpClient } from './srp';

/**
 * USER_SRP_AUTH through the AWS SDK, as Amplify runs it: InitiateAuth, then the
 * PASSWORD_VERIFIER answer. Returns Cognito's answer to it: tokens, or the next challenge.
 */
export const srpSignIn = async (
  cognito: CognitoIdentityProviderClient,
  input: { userPoolId: string; clientId: string; username: string; password: string },
): Promise<RespondToAuthChallengeCommandOutput> => {
  const client = srpClient(input.userPoolId);
  const started = await cognito.send(
    new InitiateAuthCommand({
      ClientId: input.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: input.username, SRP_A: client.srpA },
    }),
  );
  const p = started.ChallengeParameters ?? {};
  const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
  return cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: input.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: userIdForSrp,
        ...client.answer({
          userIdForSrp,
          password: input.password,
          salt: p.SALT ?? '',
          srpB: p.SRP_B ?? '',
          secretBlock: p.SECRET_BLOCK ?? '',
        }),
      },
    }),
  );
};
