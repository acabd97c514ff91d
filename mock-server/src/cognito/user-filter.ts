import { InvalidParameterError } from 'cognito-local/lib/errors.js';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { USER_MESSAGES } from './errors';
import { attr } from './user-records';

/** ListUsers' Filter: the attributes it can name and the syntax it takes. */

interface FilterField {
  value: (user: User) => string | undefined;
  caseSensitive: boolean;
}

const attributeField = (name: string): FilterField => ({
  value: (user) => attr(user, name),
  caseSensitive: false,
});

/**
 * The attributes ListUsers can filter on. The API reference marks `username` and `status` as
 * case-sensitive and `cognito:user_status` as case-insensitive; for the rest it says nothing and
 * the developer guide says "All searches are case-insensitive". `status` is Enabled/Disabled.
 */
const FILTERABLE: Readonly<Record<string, FilterField>> = {
  username: { value: (user) => user.Username, caseSensitive: true },
  email: attributeField('email'),
  phone_number: attributeField('phone_number'),
  name: attributeField('name'),
  given_name: attributeField('given_name'),
  family_name: attributeField('family_name'),
  preferred_username: attributeField('preferred_username'),
  'cognito:user_status': { value: (user) => user.UserStatus, caseSensitive: false },
  status: { value: (user) => (user.Enabled ? 'Enabled' : 'Disabled'), caseSensitive: true },
  sub: attributeField('sub'),
};

/**
 * `AttributeName Filter-Type "AttributeValue"`: the name bare or quoted, `=` (exact) or `^=`
 * (prefix), the value in double quotes with `\"` and `\\` escapes; spaces around are optional.
 */
const FILTER_SYNTAX = /^\s*(?:"([^"]*)"|([^\s"=^]+))\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/su;

/** The predicate a Filter stands for; undefined for no (or an empty) filter. */
export const parseUserFilter = (
  filter: string | undefined,
): ((user: User) => boolean) | undefined => {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = FILTER_SYNTAX.exec(filter);
  if (!match) throw new InvalidParameterError(USER_MESSAGES.filterParse);
  const name = match[1] ?? match[2] ?? '';
  const prefix = match[3] === '^=';
  const raw = (match[4] ?? '').replace(/\\(.)/gsu, '$1');
  const field = Object.hasOwn(FILTERABLE, name) ? FILTERABLE[name] : undefined;
  if (!field) throw new InvalidParameterError(USER_MESSAGES.searchAttribute(name));
  const fold = field.caseSensitive ? (s: string) => s : (s: string) => s.toLowerCase();
  const wanted = fold(raw);
  return (user) => {
    const value = field.value(user);
    if (value === undefined) return false;
    return prefix ? fold(value).startsWith(wanted) : fold(value) === wanted;
  };
};

/** Whether ListUsers can filter on the attribute `name`. */
export const isFilterable = (name: string) => Object.hasOwn(FILTERABLE, name);
