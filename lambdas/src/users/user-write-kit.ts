import { AppError, NotFoundError } from '../core/errors';

/** What the user-management writes (user-writes.ts) share: a call on a gone user, the e-mail in use. */

/** A Cognito call on a user that an interrupted write may find already gone: nothing to do. */
export const unlessGone = async (work: () => Promise<void>): Promise<void> => {
  try {
    await work();
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
};

const EMAIL_IN_USE = 'A user with this e-mail address already exists.';

/** Said on the e-mail field, for the form to show it where the address was typed. */
export const emailInUse = (message = EMAIL_IN_USE) =>
  new AppError('CONFLICT', message, [{ path: 'userAttributes.email', message }]);
