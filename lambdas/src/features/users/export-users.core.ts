import type { routes } from '../../contract';
import type { Core } from '../../http/router';
import type { AuditTrail } from '../../ports/audit-trail';
import type { Clock } from '../../ports/clock';
import type { Exports } from '../../ports/exports';
import type { IndexedUser, UserIndex } from '../../ports/user-index';
import { actorOf, sourceOf } from '../session/session-shared';
import { type Cell, csvLines, exportFileName } from '../exports/csv';
import { displayStatus } from './user-index-sync';
import { matchesQuery, visibleTo } from './user-list-query';

export interface ExportUsersDeps {
  index: UserIndex;
  exports: Exports;
  audit: AuditTrail;
  clock: Clock;
  ensureBuilt: () => Promise<void>;
}

export const USER_CSV_HEADER = [
  'Email',
  'Given name',
  'Family name',
  'Phone number',
  'Role',
  'Organisation',
  'Status',
  'Enabled',
  'Authenticator enrolled',
  'Email verified',
  'Created (UTC)',
  'Last changed (UTC)',
  'User name',
] as const;

const cellsOf = (u: IndexedUser): Cell[] => [
  u.email,
  u.givenName,
  u.familyName,
  u.phoneNumber,
  u.role,
  u.organisationId,
  displayStatus(u),
  u.enabled,
  u.mfaEnrolled,
  u.emailVerified,
  u.createdAt.toISOString(),
  u.updatedAt.toISOString(),
  u.userName,
];

/**
 * The filtered user list as CSV, in e-mail order: the index read a page at a time, each page's
 * matching rows written on, so memory stays bounded whatever the number of users. Recorded in
 * the audit trail (an export of personal data), with the filters and the number of rows.
 */
export const exportUsers: Core<(typeof routes)['export-users'], ExportUsersDeps> = async (
  input,
  ctx,
  deps,
) => {
  await deps.ensureBuilt();
  const visible = visibleTo(ctx.caller);
  const matches = matchesQuery(input);
  async function* rows(): AsyncIterable<Cell[]> {
    for await (const page of deps.index.pages()) {
      for (const user of page) if (visible(user) && matches(user)) yield cellsOf(user);
    }
  }
  const now = deps.clock.now();
  const fileName = exportFileName('users', now);
  const counter = { rows: 0 };
  const file = await deps.exports.write(
    `users/${ctx.caller.userName}/${ctx.requestId}.csv`,
    csvLines(USER_CSV_HEADER, rows(), counter),
    { fileName, contentType: 'text/csv; charset=utf-8' },
  );
  await deps.audit.append({
    action: 'user.export',
    outcome: 'success',
    actor: actorOf(ctx.caller),
    organisationId: ctx.caller.role === 'OrgAdmin' ? ctx.caller.organisationId : null,
    source: sourceOf(ctx),
    requestId: ctx.requestId,
    after: { filters: { ...input }, rows: counter.rows, fileName },
  });
  return {
    url: file.url,
    fileName,
    rows: counter.rows,
    expiresAt: file.expiresAt.toISOString(),
  };
};
