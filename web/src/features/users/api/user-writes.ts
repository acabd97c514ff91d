import type { RequestOf, Role, UserAttributes, UserListItem } from '@ccsc/contract';
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

/** The row actions that call the server, each its operation (Edit opens the form instead). */
const OPERATION = {
  enable: 'enable-user',
  unlock: 'enable-user',
  disable: 'disable-user',
  delete: 'delete-user',
  resetMfa: 'reset-user-mfa',
  resendInvitation: 'resend-invitation',
} as const;

export type ServerAction = keyof typeof OPERATION;

/**
 * A row's action on a user. Done or refused, every list page and looked-up user is stale; the
 * list loads the page it shows (or the one before, when its last row was deleted) itself, so
 * that nothing else is fetched meanwhile.
 */
export const useUserAction = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      userName,
      userRole,
    }: {
      action: ServerAction;
      userName: string;
      userRole: Role;
    }) => callApi(OPERATION[action], { userName, userRole }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: userKeys.lists(), refetchType: 'none' });
      void client.invalidateQueries({ queryKey: userKeys.users(), refetchType: 'none' });
    },
  });
};
