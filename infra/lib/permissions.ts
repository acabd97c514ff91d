import { EVENTS_APPEND, EVENTS_APPEND_MANY, NOTIFICATIONS_FAN_OUT } from './grants/events';
import { routes, type Operation } from '@ccsc/contract';
import { type ApiFunction, routeOf } from './feature-areas';
import {
  JOURNAL_PK,
  USER_INDEX_CHANGES_PK,
  USER_INDEX_PK,
  USER_INDEX_VERSION_KEY,
} from '@ccsc/lambdas/data-model';
import {
  CREDENTIAL_END,
  CREDENTIAL_ISSUE,
  CREDENTIAL_LIST,
  CREDENTIAL_RETIRE,
  CREDENTIAL_REVEAL,
  CREDENTIAL_SWEEP,
  PARTNER_CREDENTIAL_CHECK,
} from './grants/credentials';
import {
  DOCUMENT_KEEP,
  DOCUMENT_READ,
  DOCUMENT_SCAN_STATUS,
  DOCUMENT_WRITE,
  HELD_RELEASE,
  IMPORT_JOIN,
} from './grants/documents';
import { GRANTS_BY_NAME } from './grants/by-name';
import {
  WEBHOOKS_ATTEMPT,
  WEBHOOKS_DUE_READ,
  WEBHOOKS_ENQUEUE,
  WEBHOOKS_QUEUE,
  WEBHOOKS_WRITE,
} from './grants/webhooks';
import type { PermissionGrant, ResourceKey } from './grants/grant';
import { OUTBOX_DRAIN, OUTBOX_QUEUE } from './grants/journal';
import { REGISTRY_IMPORT, REGISTRY_READ } from './grants/registry';
import { INDEX_SYNC, READ_ACCOUNT, USER_WRITES } from './grants/users';
import { OPERATION_PERMISSIONS } from './operation-permissions';

// The building blocks live in grants/ (one module per resource family, named for the Lambdas'
// tables in grants/by-name.ts), each operation's rows follow from its table line
// (operation-permissions.ts); this module assembles the tables every function is granted from.
export type { PermissionGrant, ResourceKey } from './grants/grant';
export {
  AUDIT_TABLE_DENIED_ACTIONS,
  AUDIT_VIEW_READ,
  CHAIN_VERIFICATION_READ,
} from './grants/audit';
export { PARTNER_CREDENTIAL_CHECK } from './grants/credentials';
export { DOCUMENT_COUNTS_READ, DOCUMENT_RECORDS_PREFIX } from './grants/documents';
export { OPERATION_PERMISSIONS } from './operation-permissions';

/**
 * The router's MFA gate (lambdas/src/http/mfa-gate.ts) reads the caller's account (AdminGetUser,
 * and AdminListGroupsForUser for the role) on every authenticated call whose route is not
 * `allowedBeforeMfa` — implemented or not — so each of those functions may do that, and only
 * that, on the pool.
 */
export const MFA_GATE_GRANT: PermissionGrant = READ_ACCOUNT;

export const isMfaGated = (operation: Operation): boolean => {
  const route = routes[operation];
  return route.auth === 'authenticated' && !('allowedBeforeMfa' in route && route.allowedBeforeMfa);
};

/**
 * One grant per resource (and partitions), actions in a stable order without repeats; an action
 * granted on the whole resource is not repeated for some of its partitions.
 */
const mergeByResource = (grants: readonly PermissionGrant[]): PermissionGrant[] => {
  const merged = new Map<
    string,
    { on: ResourceKey; partitions?: string[]; actions: Set<string> }
  >();
  for (const g of grants) {
    const partitions = g.partitions === undefined ? undefined : [...g.partitions].sort();
    const key = JSON.stringify([g.on, partitions ?? null]);
    const entry = merged.get(key) ?? {
      on: g.on,
      ...(partitions === undefined ? {} : { partitions }),
      actions: new Set<string>(),
    };
    for (const a of g.actions) entry.actions.add(a);
    merged.set(key, entry);
  }
  const whole = (on: ResourceKey) =>
    merged.get(JSON.stringify([on, null]))?.actions ?? new Set<string>();
  return [...merged.values()].flatMap(({ on, partitions, actions }) => {
    const kept = [...actions].filter((a) => partitions === undefined || !whole(on).has(a)).sort();
    if (kept.length === 0) return [];
    return [{ on, actions: kept, ...(partitions === undefined ? {} : { partitions }) }];
  });
};

/**
 * The permission table the Api construct grants, one row per function of either API: each
 * operation's own rows plus what the router does for its kind of call (the MFA gate of a console
 * call, the credential check of a partner call), read from the route's declaration.
 */
export const PERMISSIONS: Readonly<Record<ApiFunction, readonly PermissionGrant[]>> = (() => {
  const table: Partial<Record<ApiFunction, readonly PermissionGrant[]>> = {};
  for (const name of Object.keys(OPERATION_PERMISSIONS) as ApiFunction[]) {
    const route = routeOf(name);
    table[name] = mergeByResource([
      ...(route?.api === 'console' && isMfaGated(route.operation) ? [MFA_GATE_GRANT] : []),
      ...(route?.api === 'partner' ? PARTNER_CREDENTIAL_CHECK : []),
      ...OPERATION_PERMISSIONS[name],
    ]);
  }
  return table as Record<ApiFunction, readonly PermissionGrant[]>;
})();

/**
 * The scheduled jobs (lambdas/src/jobs/): the nightly rebuild of the user index reads every user
 * (ListUsers, then each account), each lock record, the index (Query, GetItem) and writes what
 * differs; the reconciler reads the write journal (Query) and finishes or undoes every write
 * cut short, so it may take every step of every journaled write.
 */
export const JOB_PERMISSIONS = {
  'rebuild-user-index': mergeByResource([
    { on: 'userPool', actions: ['cognito-idp:ListUsers'] },
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    ...INDEX_SYNC,
  ]),
  // Hourly (lambdas/src/jobs/credential-expiry.ts): every credential read; for a notice the
  // recipients (the user index: its version, rows and change log, read only), the notice
  // recorded in the credential, the mails queued in the outbox and sent; at expiry the record
  // changed and the Cognito client deleted; at a rotation's end of grace the older secrets
  // deleted. Each a journaled write of the job's kinds (issue 32), audited once.
  'credential-expiry': mergeByResource([
    CREDENTIAL_LIST,
    ...CREDENTIAL_END,
    ...CREDENTIAL_RETIRE,
    REGISTRY_READ,
    {
      on: 'mainTable',
      actions: ['dynamodb:GetItem', 'dynamodb:Query'],
      partitions: [USER_INDEX_PK, USER_INDEX_VERSION_KEY.pk, USER_INDEX_CHANGES_PK],
    },
    ...OUTBOX_QUEUE,
    // Issue 35: a credential within 14 days of its expiry is an event of its organisation.
    ...EVENTS_APPEND,
  ]),
  // Every 5 minutes: first the document writes cut short (issue 32: the journal read, a
  // completion's keep and content check included), then the held documents tried again, then
  // the documents awaiting a malware scan too long (their scan tag read, issue 34).
  'release-held-documents': mergeByResource([
    ...HELD_RELEASE,
    ...DOCUMENT_KEEP,
    // A completion's or a verdict's write finished here tells of a hold or quarantine (issue 35).
    ...EVENTS_APPEND,
    DOCUMENT_SCAN_STATUS,
    { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [JOURNAL_PK] },
  ]),
  // On each GuardDuty verdict (issue 34, lambdas/src/jobs/document-scan-result.ts): the
  // document read, the verdict written as a journaled write (documents/scan-verdict.ts), audited
  // once; a clean one classified and delivered as a release does (the registry, the standards'
  // rows): document.held-release. The verdict comes in the event (the tag is the sweep's, above;
  // a scan hold's retry copies the file, document.rescan, not this). A verdict on a file an
  // import filed makes it documents of the study first: its content check reads the file. On
  // its schedule it sweeps the imported files left waiting (their tag read) and finishes the
  // joins cut short (the journal read).
  'document-scan-result': mergeByResource([
    ...GRANTS_BY_NAME['document.held-release'],
    // A verdict that holds or quarantines is an event for who can resolve it (issue 35).
    ...EVENTS_APPEND,
    ...IMPORT_JOIN,
    DOCUMENT_SCAN_STATUS,
    { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [JOURNAL_PK] },
  ]),
  // Hourly (issue 35 part D; lambdas/src/jobs/distribution-reminders.ts): the open distributions
  // read, a fan-out cut short finished (each copy made and delivered as a send's is, over the
  // registry and the standards' rows), the sites overdue reminded (recorded on the distribution,
  // audited once: the trail read for a record an interruption may have left).
  'distribution-reminders': mergeByResource([
    ...GRANTS_BY_NAME['registry.read'],
    ...GRANTS_BY_NAME['standard-rows.read'],
    ...GRANTS_BY_NAME['document.read'],
    ...GRANTS_BY_NAME['document.write'],
    ...GRANTS_BY_NAME['distribution.write'],
    ...GRANTS_BY_NAME['audit.append'],
    ...GRANTS_BY_NAME['audit.read'],
    // Issue 35: the sites told to acknowledge (a fan-out finished), each reminder an event.
    ...EVENTS_APPEND_MANY,
  ]),
  // The session's writes too: a password reset is checked against the auth events; and the
  // registry's, imports included.
  'reconcile-writes': mergeByResource([
    { on: 'mainTable', actions: ['dynamodb:Query'] },
    { on: 'userPool', actions: ['cognito-idp:AdminListUserAuthEvents'] },
    ...USER_WRITES,
    ...REGISTRY_IMPORT,
    // Every credential write (issue 32), the sweep, and the outbox's drain.
    ...CREDENTIAL_ISSUE,
    ...CREDENTIAL_REVEAL,
    ...CREDENTIAL_RETIRE,
    ...CREDENTIAL_END,
    ...CREDENTIAL_SWEEP,
    ...OUTBOX_DRAIN,
    // A document request's write (issue 35, request-writes.ts): its records in the documents table,
    // and its events (a request news for its site).
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    ...EVENTS_APPEND,
    // A webhook endpoint's write (issue 36, webhook-writes.ts).
    ...WEBHOOKS_WRITE,
  ]),
  // Every 15 minutes (issue 35; lambdas/src/jobs/document-follow-ups.ts): the document returns cut
  // short finished (the journal read; the record, its audit records, its event), then every
  // study's requests read (the registry, the requests and the connections' documents in the
  // documents table) and their news appended to the event log once.
  'document-follow-ups': mergeByResource([
    REGISTRY_READ,
    DOCUMENT_READ,
    DOCUMENT_WRITE,
    ...GRANTS_BY_NAME['audit.append'],
    ...GRANTS_BY_NAME['journal.entry'],
    ...EVENTS_APPEND,
    // A recall cut short: its file moved, the old key deleted (document-returns.ts).
    ...GRANTS_BY_NAME['document.recall-move'],
    { on: 'mainTable', actions: ['dynamodb:Query'], partitions: [JOURNAL_PK] },
  ]),
  // Issue 35, every minute (lambdas/src/jobs/notify-events.ts): the events waiting fanned out —
  // the registry's organisations' names and the user index read (its version, rows and change
  // log), each user's preferences, their notifications delivered, mails queued and sent.
  'notify-events': mergeByResource([
    ...NOTIFICATIONS_FAN_OUT,
    // Issue 36: each event's webhook deliveries, made with its notifications, then sent to
    // their queue.
    ...WEBHOOKS_QUEUE,
    WEBHOOKS_ENQUEUE,
    REGISTRY_READ,
    {
      on: 'mainTable',
      actions: ['dynamodb:GetItem', 'dynamodb:Query'],
      partitions: [USER_INDEX_PK, USER_INDEX_VERSION_KEY.pk, USER_INDEX_CHANGES_PK],
    },
    ...OUTBOX_QUEUE,
  ]),
  // Daily (lambdas/src/jobs/notification-digest.ts): the digest items read and removed, each
  // user's language and address read, one mail each queued and sent.
  'notification-digest': mergeByResource([
    ...NOTIFICATIONS_FAN_OUT,
    {
      on: 'mainTable',
      actions: ['dynamodb:GetItem', 'dynamodb:Query'],
      partitions: [USER_INDEX_PK, USER_INDEX_VERSION_KEY.pk, USER_INDEX_CHANGES_PK],
    },
    ...OUTBOX_QUEUE,
  ]),
  // Every minute (issue 36; lambdas/src/jobs/webhook-deliveries.ts): in AWS the queue's safety
  // net — the deliveries overdue read and sent to the queue, none attempted here.
  'webhook-deliveries': mergeByResource([WEBHOOKS_DUE_READ, WEBHOOKS_ENQUEUE]),
  // On each batch of the queue (issue 36; lambdas/src/jobs/webhook-queue-consumer.ts): each
  // message's delivery attempted (outbound HTTPS), the attempt recorded, endpoints' health marked
  // or an endpoint disabled — its disabling an event for its organisation and an audit record —,
  // the next attempt sent to the queue delayed. Receiving and deleting its messages is the event
  // source's grant (constructs/webhook-queue.ts).
  'webhook-queue-consumer': mergeByResource([
    ...WEBHOOKS_ATTEMPT,
    ...EVENTS_APPEND,
    ...GRANTS_BY_NAME['audit.append'],
    WEBHOOKS_ENQUEUE,
  ]),
} as const satisfies Record<string, readonly PermissionGrant[]>;
