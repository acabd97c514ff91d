import { createHash } from 'node:crypto';
import type { routes } from '@ccsc/contract/routes';
import { ValidationError } from '../core/errors';
import type { Core } from '../core/request';
import type { Clock } from '../core/ports/clock';
import type { Registry } from '../core/ports/registry';
import type { IndexedUser, UserIndex } from '../core/ports/user-index';
import { displayStatus, toListItem, userMatcher, type UserListQuery } from '../core/lists/users';

export interface ListAllUsersDeps {
  index: UserIndex;
  /** The registry, for the organisations' names (sorting by organisation). */
  registry: Pick<Registry, 'snapshot'>;
  /** Builds the index from the directory if it never was (a new deployment's first list). */
  ensureBuilt: () => Promise<void>;
  /** Now, for the invitation filter and expiry. */
  clock: Clock;
  /** Cognito's TemporaryPasswordValidityDays (env TEMPORARY_PASSWORD_DAYS). */
  temporaryPasswordDays: number;
}

export const USER_PAGE_LIMIT = 60;

type Sort = NonNullable<UserListQuery['sort']>;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const text = (value: string | null | undefined) => value ?? '';

const STATUS_ORDER = ['ENABLED', 'MFA_NOT_ENROLLED', 'FORCE_CHANGE_PASSWORD', 'DISABLED', 'LOCKED'];

const comparator = (
  sort: Sort,
  organisationNames: Map<string, string>,
): ((a: IndexedUser, b: IndexedUser) => number) => {
  switch (sort) {
    case 'email':
      return (a, b) => collator.compare(a.email, b.email);
    case 'name':
      return (a, b) =>
        collator.compare(text(a.familyName), text(b.familyName)) ||
        collator.compare(text(a.givenName), text(b.givenName));
    case 'role':
      return (a, b) => collator.compare(text(a.role), text(b.role));
    case 'organisation':
      return (a, b) =>
        collator.compare(
          organisationNames.get(text(a.organisationId)) ?? text(a.organisationId),
          organisationNames.get(text(b.organisationId)) ?? text(b.organisationId),
        );
    case 'status':
      return (a, b) =>
        STATUS_ORDER.indexOf(displayStatus(a)) - STATUS_ORDER.indexOf(displayStatus(b));
    case 'createdAt':
      return (a, b) => a.createdAt.getTime() - b.createdAt.getTime();
    case 'updatedAt':
      return (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime();
  }
};

/** Ties (and the e-mail order itself) end on the username, so pages never overlap or skip. */
const sorted = (
  users: IndexedUser[],
  sort: Sort,
  order: 'asc' | 'desc',
  names: Map<string, string>,
) => {
  const compare = comparator(sort, names);
  const sign = order === 'asc' ? 1 : -1;
  return [...users].sort(
    (a, b) =>
      sign * (compare(a, b) || collator.compare(a.email, b.email)) ||
      (a.userName < b.userName ? -1 : 1),
  );
};

/** The cursor: the offset plus a fingerprint of the query it belongs to. */
const fingerprint = (query: UserListQuery): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        query.search ?? '',
        query.status,
        query.role,
        query.organisationId,
        query.invitation,
        query.sort,
        query.order,
      ]),
    )
    .digest('base64url')
    .slice(0, 12);

const encodeCursor = (offset: number, query: UserListQuery) =>
  Buffer.from(`${offset}:${fingerprint(query)}`).toString('base64url');

const decodeCursor = (cursor: string, query: UserListQuery): number => {
  const [offset, print] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const value = Number(offset);
  if (print !== fingerprint(query) || !Number.isInteger(value) || value < 0) {
    throw new ValidationError(
      'The cursor does not belong to this list; start again from page one.',
      [{ path: 'cursor', message: 'The cursor does not belong to this list.' }],
    );
  }
  return value;
};

const organisationNames = async (
  registry: Pick<Registry, 'snapshot'>,
): Promise<Map<string, string>> => {
  const { organisations } = await registry.snapshot();
  return new Map([...organisations.values()].map((o) => [o.organisationId, o.name]));
};

/**
 * One page of the user list, from the user index (Cognito's ListUsers cannot filter by role,
 * organisation or lock, sort or count): only the users the caller may see (an OrgAdmin: their
 * own organisation, no PlatformAdmins), filtered (lists/users.ts, the dashboard's predicate too),
 * sorted, counted, then cut to the page.
 */
export const listAllUsers: Core<(typeof routes)['list-all-users'], ListAllUsersDeps> = async (
  input,
  ctx,
  deps,
) => {
  const sort = input.sort ?? 'email';
  const order = input.order ?? 'asc';
  const offset = input.cursor === undefined ? 0 : decodeCursor(input.cursor, input);
  const limit = input.limit ?? USER_PAGE_LIMIT;
  await deps.ensureBuilt();
  const matches = userMatcher(input, ctx.caller, deps.clock.now(), deps.temporaryPasswordDays);
  const found = (await deps.index.all()).filter(matches);
  const names =
    sort === 'organisation' ? await organisationNames(deps.registry) : new Map<string, string>();
  const page = sorted(found, sort, order, names).slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    users: page.map((user) => toListItem(user, deps.temporaryPasswordDays)),
    count: page.length,
    total: found.length,
    nextCursor: next < found.length ? encodeCursor(next, input) : null,
  };
};
