import type { Role } from '../contract';

/** A user as the directory (Cognito) holds it. */
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

export interface UserPage {
  users: DirectoryUser[];
  nextCursor: string | null;
}

export interface ListUsersQuery {
  /** 1..60, Cognito's page limit. */
  limit: number;
  cursor?: string;
  /** Case-sensitive prefix of the e-mail, as Cognito's `email ^= "..."` filter matches. */
  emailPrefix?: string;
}

/** The user directory port: Cognito in production and offline (cognito-local with our layer). */
export interface UserDirectory {
  listUsers(query: ListUsersQuery): Promise<UserPage>;
  /** Invalidates every refresh token of the user (Cognito AdminUserGlobalSignOut). */
  signOutEverywhere(userName: string): Promise<void>;
}
