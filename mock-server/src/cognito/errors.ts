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

/** The user directory's answers, worded as AWS words them (the report of each gives its source). */
export const USER_MESSAGES = {
  filterParse: 'Error while parsing filter.',
  searchAttribute: (name: string) => `Invalid search attribute: ${name}`,
  attributesDoNotExist: 'One or more requested attributes do not exist.',
  usernameExists: 'User account already exists',
  emailExists: 'An account with the given email already exists.',
  usernameShouldBeEmail: 'Username should be an email.',
  resendNotPossible: (username: string) =>
    `Resend not possible. ${username} status is not FORCE_CHANGE_PASSWORD.`,
  noDeliveryMedium: 'User has no attribute matching desired delivery mediums',
  resetNotPossible: 'User password cannot be reset in the current state.',
  noVerifiedContact:
    'Cannot reset password for the user as there is no registered/verified email or phone_number',
  groupExists: 'A group with the name already exists.',
  addOnNotEnabled: 'User pool add-ons are not enabled for this user pool.',
} as const;
