import type { routes } from '../../contract';
import type { Core } from '../../http/router';
import type { UserDirectory } from '../../ports/user-directory';
import { toApiUser } from './to-api-user';

export interface ListAllUsersDeps {
  directory: UserDirectory;
}

export const COGNITO_PAGE_LIMIT = 60;

/** One page of the directory, straight from Cognito's paging (SPEC §7 list-all-users). */
export const listAllUsers: Core<(typeof routes)['list-all-users'], ListAllUsersDeps> = async (
  input,
  _ctx,
  { directory },
) => {
  const page = await directory.listUsers({
    limit: input.limit ?? COGNITO_PAGE_LIMIT,
    cursor: input.cursor,
    // Addresses are stored lower-case (the contract lower-cases them on the way in).
    emailPrefix: input.search?.toLowerCase(),
  });
  const users = page.users.map(toApiUser);
  return { users, count: users.length, nextCursor: page.nextCursor };
};
