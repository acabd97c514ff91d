import { ROLES, type Role } from '@ccsc/contract/roles';

/**
 * A user as the directory (Cognito) holds it. The role is the one role group the user is in
 * (AdminListGroupsForUser): the group is the only source of truth for a role, for the console and
 * for Cognito's `cognito:groups` claim alike; null when the user is in none, or in several.
 */
export interface DirectoryUser {
  userName: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  phoneNumber: string | null;
  role: Role | null;
  organisationId: string | null;
  enabled: boolean;
  /** Cognito UserStatus (CONFIRMED, FORCE_CHANGE_PASSWORD, RESET_REQUIRED, ...). */
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

/** One user read on its own (AdminGetUser): the list fields plus the MFA enrolment. */
export interface DirectoryUserDetail extends DirectoryUser {
  /** Cognito's UserMFASettingList, e.g. ["SOFTWARE_TOKEN_MFA"]; empty when nothing is enabled. */
  mfaMethods: string[];
  preferredMfa: string | null;
}

/**
 * The role a user's groups give: the one role group they are in. None, or several (a move half
 * done, or groups set by hand), is no role: nothing is granted on a guess. The `custom:role`
 * attribute of older accounts is never read: the group is the only source of truth.
 */
export const roleOfGroups = (groups: readonly string[]): Role | null => {
  const roles = ROLES.filter((role) => groups.includes(role));
  return roles.length === 1 ? (roles[0] ?? null) : null;
};

export const TOTP_MFA = 'SOFTWARE_TOKEN_MFA';
export const hasTotp = (user: Pick<DirectoryUserDetail, 'mfaMethods'>): boolean =>
  user.mfaMethods.includes(TOTP_MFA);

/** A user as ListUsers lists it: everything but the role (ListUsers does not give groups). */
export type ListedUser = Omit<DirectoryUser, 'role'>;

export interface UserPage {
  users: ListedUser[];
  nextCursor: string | null;
}

export interface ListUsersQuery {
  /** 1..60, Cognito's page limit. */
  limit: number;
  cursor?: string;
  /** Case-sensitive prefix of the e-mail, as Cognito's `email ^= "..."` filter matches. */
  emailPrefix?: string;
}

/** A user to invite: Cognito creates it (no role yet: addToGroup gives it). */
export interface NewUser {
  email: string;
  givenName: string;
  familyName: string;
  phoneNumber: string | null;
  organisationId: string | null;
}

/** Attribute changes of update-user: absent keeps, null removes. A role is a group, not this. */
export interface AttributeChanges {
  email?: string;
  givenName?: string;
  familyName?: string;
  phoneNumber?: string | null;
  organisationId?: string | null;
}

/** One sign-in related event as Cognito's threat protection records it (AdminListUserAuthEvents). */
export interface AuthEvent {
  /** SignIn | SignUp | ForgotPassword | PasswordChange | ResendCode */
  type: string;
  /** Pass | Fail | InProgress */
  response: string;
  at: Date;
  /** Cognito's EventId: what tells two events of the same second apart. */
  id?: string;
}

export interface AuthEventPage {
  /** Newest first. */
  events: AuthEvent[];
  nextCursor: string | null;
}

/** Why Cognito refused a password reset; the core turns each into a message for a field. */
export type PasswordResetRefusal =
  'code-mismatch' | 'code-expired' | 'invalid-password' | 'limit-exceeded';

export class PasswordResetRefused extends Error {
  constructor(
    readonly refusal: PasswordResetRefusal,
    /** Cognito's own message (for invalid-password it names the broken rule). */
    message: string,
  ) {
    super(message);
    this.name = 'PasswordResetRefused';
  }
}

export interface PasswordReset {
  /** The app client the user signs in with (the web client). */
  clientId: string;
  /** The login e-mail (the pool's usernames are e-mail addresses). */
  email: string;
  code: string;
  newPassword: string;
}

/**
 * The user directory port: Cognito in production and offline (cognito-local with our layer).
 * `userName` parameters accept Cognito's username (the sub) or, since the pool's usernames are
 * e-mail addresses, the e-mail address, as Cognito's admin calls do. Unknown users make the
 * single-user calls throw NotFoundError (except getUser, which answers null); Cognito throttling
 * is a TooManyRequestsError.
 */
export interface UserDirectory {
  listUsers(query: ListUsersQuery): Promise<UserPage>;
  /** The user with their role group, or null when there is none (AdminGetUser, AdminListGroupsForUser). */
  getUser(userName: string): Promise<DirectoryUserDetail | null>;
  /** Invalidates every refresh token of the user (Cognito AdminUserGlobalSignOut). */
  signOutEverywhere(userName: string): Promise<void>;
  /** Disables the user; Cognito also revokes its tokens (AdminDisableUser). */
  disableUser(userName: string): Promise<void>;
  /**
   * Creates a user to invite (AdminCreateUser, no message yet): status FORCE_CHANGE_PASSWORD,
   * no role; `addToGroup` gives the role and `resendInvitation` then mails the temporary
   * password. An address already in use throws ConflictError; nothing is created then.
   */
  createUser(user: NewUser): Promise<DirectoryUserDetail>;
  /** Puts the user in a group (AdminAddUserToGroup). */
  addToGroup(userName: string, group: Role): Promise<void>;
  /** Sends the invitation again with a new temporary password (AdminCreateUser RESEND). */
  resendInvitation(email: string): Promise<void>;
  /** Takes the user out of a group (AdminRemoveUserFromGroup). */
  removeFromGroup(userName: string, group: Role): Promise<void>;
  /**
   * Changes attributes (AdminUpdateUserAttributes); null removes one (AdminDeleteUserAttributes).
   * A new e-mail address is unverified until the user confirms the code Cognito sends to it.
   */
  updateAttributes(userName: string, changes: AttributeChanges): Promise<void>;
  /** Enables the user again (AdminEnableUser). */
  enableUser(userName: string): Promise<void>;
  /** Deletes the user for good (AdminDeleteUser). */
  deleteUser(userName: string): Promise<void>;
  /** The pool's groups with their descriptions (ListGroups, every page). */
  listGroups(): Promise<{ name: string; description: string | null }[]>;
  /** The users in the role's group, with their state (ListUsersInGroup, every page). */
  groupMembers(group: Role): Promise<{ userName: string; enabled: boolean; status: string }[]>;
  /** One page of the user's auth events, newest first (AdminListUserAuthEvents, at most 60). */
  listAuthEvents(userName: string, cursor?: string): Promise<AuthEventPage>;
  /**
   * Switches the authenticator app off (AdminSetUserMFAPreference, TOTP disabled and not
   * preferred): Cognito forgets the software token, the next sign-in enrols a new one.
   */
  disableTotp(userName: string): Promise<void>;
  /**
   * ConfirmForgotPassword through the web client. Refusals throw PasswordResetRefused; with the
   * client's PreventUserExistenceErrors ENABLED an unknown account is refused like a wrong code.
   */
  confirmPasswordReset(reset: PasswordReset): Promise<void>;
}
