import { CognitoError } from 'cognito-local/lib/errors.js';

/**
 * Cognito's error answers, by exception name and with the exact messages AWS gives (the API
 * reference and real responses decide). cognito-local turns any CognitoError into a 400 with
 * `__type` and `message`, which is what the AWS SDKs read.
 */
export const cognitoError = (name: string, message: string) => new CognitoError(name, message);

export const notAuthorized = (message: string) => cognitoError('NotAuthorizedException', message);

export const invalidParameter = (message: string) =>
  cognitoError('InvalidParameterException', message);

export const MESSAGES = {
  incorrectCredentials: 'Incorrect username or password.',
  userDisabled: 'User is disabled.',
  userDoesNotExist: 'User does not exist.',
  attemptsExceeded: 'Password attempts exceeded',
  invalidSession: 'Invalid session for the user.',
  sessionUsed: 'Invalid session for the user, session can only be used once.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  invalidAccessToken: 'Invalid Access Token',
  accessTokenExpired: 'Access Token has expired',
  accessTokenRevoked: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token.',
  refreshTokenRevoked: 'Refresh Token has been revoked',
  refreshTokenExpired: 'Refresh Token has expired',
  tempPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  passwordResetRequired: 'Password reset required for the user',
  userNotConfirmed: 'User is not confirmed.',
  codeMismatch: 'Invalid code received for user',
  totpReused: 'Your software token has already been used once.',
} as const;

export const userNotFound = () => cognitoError('UserNotFoundException', MESSAGES.userDoesNotExist);
