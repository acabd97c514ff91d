import type { UserListItem } from '@ccsc/contract';
import { decide, isSelf, type Actor } from '@ccsc/contract/permissions';
import type { StoredProfile } from '../../../lib/session';

/** What the dashboard does to a user it lists: Unlock (enable-user) and Resend (resend-invitation). */
export type DashboardUserAction = 'unlock' | 'resend-invitation';

const actorOf = (profile: StoredProfile | null): Actor => ({
  userName: profile?.userName ?? null,
  role: profile?.role ?? null,
  organisationId: profile?.organisationId ?? null,
});

/**
 * Whether the signed-in administrator is offered the action on the user: the contract's rule,
 * which the server decides by and the user list follows (an Auditor changes nothing; an OrgAdmin
 * only their organisation's users). Never one's own account, nor a user without a role (the
 * call has to name it).
 */
export const mayAct = (
  action: DashboardUserAction,
  user: UserListItem,
  profile: StoredProfile | null,
): user is UserListItem & { role: NonNullable<UserListItem['role']> } => {
  const actor = actorOf(profile);
  if (user.role === null || isSelf(actor, user)) return false;
  return decide({
    actor,
    action,
    target: {
      userName: user.userName,
      role: user.role,
      organisationId: user.organisationId,
      enabled: user.enabled,
    },
  }).allowed;
};
