import type { UserListItem } from '@ccsc/contract';
import { callApi } from '../../../lib/api';
import type { ListQuery } from '../../../lib/list-query';
import { useCursorPages } from '../../../lib/use-cursor-pages';
import { pageParams } from '../../../lib/use-list-query';
import { userKeys } from '../api/keys';

export type UserQuery = ListQuery<'list-all-users'>;

const loadUsers = async (query: UserQuery, cursor: string | undefined) => {
  const { users, total, nextCursor } = await callApi('list-all-users', {
    ...query,
    ...pageParams(cursor),
  });
  return { page: { users, total }, nextCursor };
};

/**
 * One page of the user list for the query (`initial` first). While the next page or query loads, the rows on
 * screen stay (marked busy) rather than blinking away: an open row menu or the reader's place is
 * not lost on every keystroke.
 */
export const useUserList = (initial: UserQuery) => {
  const pages = useCursorPages(userKeys.list, loadUsers, initial);
  const shown: { users: UserListItem[]; total: number } | null = pages.lastPage;
  return {
    ...pages,
    /** Nothing to show yet: the first load. */
    initialLoading: pages.loading && shown === null,
    users: shown?.users ?? [],
    total: shown?.total ?? 0,
  };
};
