/** A directory user as the API shows it: one definition, the user list's (lists/users.ts). */
export { toApiUser } from '../core/lists/users';
