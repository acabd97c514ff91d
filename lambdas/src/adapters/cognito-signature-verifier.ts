import type { SignatureCheck, SignatureVerifier } from '../core/ports/signatures';
import type { CognitoAccess } from './clients/cognito';

const WRONG = new Set([
  'NotAuthorizedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

const nameOf = (err: unknown): string => (err instanceof Error ? err.name : '');

/**
 * Checks a signature's password and authenticator code the way a sign-in does, server side:
 * AdminInitiateAuth (ADMIN_USER_PASSWORD_AUTH, the web client's, which allows that flow) and,
 * for the SOFTWARE_TOKEN_MFA challenge, AdminRespondToAuthChallenge with the code. The tokens a
 * success yields are never handed out: the refresh token is revoked at once, the others expire.
 * An account that signs in without the challenge has no authenticator and cannot sign. Cognito
 * counts the failures as it counts failed sign-ins ("Password attempts exceeded": `locked`).
 */
export class CognitoSignatureVerifier implements SignatureVerifier {
  constructor(
    private readonly cognito: CognitoAccess,
    private readonly userPoolId: string,
    private readonly clientId: string,
  ) {}

  async verify(userName: string, password: string, code: string): Promise<SignatureCheck> {
    const { client, sdk } = await this.cognito();
    try {
      const started = await client.send(
        new sdk.AdminInitiateAuthCommand({
          UserPoolId: this.userPoolId,
          ClientId: this.clientId,
          AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: userName, PASSWORD: password },
        }),
      );
      if (started.ChallengeName !== 'SOFTWARE_TOKEN_MFA') {
        await this.revoke(started.AuthenticationResult?.RefreshToken);
        return 'no-authenticator';
      }
      const answered = await client.send(
        new sdk.AdminRespondToAuthChallengeCommand({
          UserPoolId: this.userPoolId,
          ClientId: this.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: started.Session,
          ChallengeResponses: { USERNAME: userName, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      );
      await this.revoke(answered.AuthenticationResult?.RefreshToken);
      return answered.AuthenticationResult === undefined ? 'wrong' : 'verified';
    } catch (err) {
      if (err instanceof Error && /attempts exceeded/i.test(err.message)) return 'locked';
      if (WRONG.has(nameOf(err))) return 'wrong';
      throw err;
    }
  }

  /** Best effort: the refresh token of a signature check is of no use to anyone. */
  private async revoke(token: string | undefined): Promise<void> {
    if (token === undefined) return;
    const { client, sdk } = await this.cognito();
    await client
      .send(new sdk.RevokeTokenCommand({ ClientId: this.clientId, Token: token }))
      .catch(() => undefined);
  }
}
