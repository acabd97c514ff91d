import type { User } from '@ccsc/contract';
import type { DirectoryUser } from '../../ports/user-directory';

export const toApiUser = (u: DirectoryUser): User => ({
  userName: u.userName,
  email: u.email,
  emailVerified: u.emailVerified,
  givenName: u.givenName,
  familyName: u.familyName,
  phoneNumber: u.phoneNumber,
  role: u.role,
  organisationId: u.organisationId,
  enabled: u.enabled,
  cognitoStatus: u.status,
  createdAt: u.createdAt.toISOString(),
  updatedAt: u.updatedAt.toISOString(),
});
