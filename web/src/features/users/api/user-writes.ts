import type { RequestOf, UserAttributes, UserListItem } from '@ccsc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { userKeys } from './keys';

/**
 * The users a write changes: every list page and every user looked up for the edit form, loaded
 * again when next shown. Not awaited: the screen leaves for the list at once, which loads them.
 */
const useInvalidateUsers = () => {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: userKeys.lists() });
    void client.invalidateQueries({ queryKey: userKeys.users() });
  };
};

/** Invite a user (create-user). */
export const useCreateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (attributes: UserAttributes) =>
      callApi('create-user', { userAttributes: attributes }),
    onSuccess: invalidate,
  });
};

export type UserChanges = RequestOf<'update-user'>['userAttributes'];

/** Change a user's attributes (update-user): only what changed is sent. */
export const useUpdateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ user, changes }: { user: UserListItem; changes: UserChanges }) =>
      callApi('update-user', { userName: user.userName, userAttributes: changes }),
    onSuccess: invalidate,
  });
};
