import type { UserListItem } from '@ccsc/contract';

/** The user's name for a person to read: given and family name, or the e-mail without them. */
export const nameOf = (u: UserListItem): string =>
  [u.givenName, u.familyName].filter(Boolean).join(' ') || u.email;

/** An Auditor with no organisation reads every organisation (issue 12): said so, not left blank. */
export const readsEveryOrganisation = (u: UserListItem): boolean =>
  u.role === 'Auditor' && u.organisationId === null;
