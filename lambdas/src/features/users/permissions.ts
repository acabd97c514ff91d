/**
 * Who may do what to which user: the one rule the web follows too, kept in the contract
 * (@ccsc/contract/permissions) so that server and screens cannot drift. The cores decide every
 * call with it on the verified caller and the directory's current state (user-access.ts).
 */
export {
  decide,
  grantableRoles,
  isSelf,
  NO_ORGANISATION,
  USER_ACTIONS,
  USER_NOT_FOUND,
  type Actor,
  type Decision,
  type PermissionQuestion,
  type Placement,
  type Refusal,
  type TargetUser,
  type UserAction,
} from '@ccsc/contract/permissions';
