import type { routes } from '../../contract';
import type { Core } from '../../http/router';
import type { UserDirectory } from '../../ports/user-directory';

export interface LogoutDeps {
  directory: UserDirectory;
}

/**
 * Signs the caller out everywhere: every refresh token of the user named by the verified ID token
 * stops working. The body's access token is not trusted to name the user.
 */
export const logout: Core<(typeof routes)['logout'], LogoutDeps> = async (
  _input,
  { caller },
  { directory },
) => {
  await directory.signOutEverywhere(caller.userName);
  return { signedOut: true as const };
};
