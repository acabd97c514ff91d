import type { GrantName } from '@ccsc/lambdas/grants';
import {
  AUDIT_APPEND,
  AUDIT_READ,
  AUDIT_VIEW_READ,
  CHAIN_VERIFICATION_READ,
  CHAIN_VERIFICATION_RECORD,
} from './audit';
import {
  CREDENTIAL_END,
  CREDENTIAL_ISSUE,
  CREDENTIAL_LINK_MAIL,
  CREDENTIAL_LIST,
  CREDENTIAL_READ,
  CREDENTIAL_RETIRE,
  CREDENTIAL_REVEAL,
  CREDENTIAL_WRITE,
} from './credentials';
import {
  DOCUMENT_COUNTS_READ,
  DOCUMENT_DOWNLOAD_SIGN,
  DOCUMENT_KEEP,
  DOCUMENT_READ,
  DOCUMENT_RESCAN,
  DOCUMENT_RECALL_MOVE,
  DOCUMENT_SCAN_STATUS,
  DOCUMENT_STAGE,
  DOCUMENT_UPLOAD_SIGN,
  DOCUMENT_WRITE,
  DISTRIBUTION_WRITE,
  HELD_RELEASE,
} from './documents';
import {
  EVENTS_APPEND,
  EVENTS_APPEND_MANY,
  EVENTS_READ,
  NOTIFICATIONS_READ,
  NOTIFICATIONS_WRITE,
} from './events';
import { EXPORTS_WRITE } from './exports';
import { WEBHOOKS_DELIVER, WEBHOOKS_READ, WEBHOOKS_WRITE } from './webhooks';
import type { PermissionGrant } from './grant';
import { JOURNAL, JOURNAL_ENTRY, SEND_MAIL } from './journal';
import { REGISTRY_EXPORT, REGISTRY_IMPORT, REGISTRY_READ, REGISTRY_WRITES } from './registry';
import { STANDARD_ROWS_READ, STANDARD_ROWS_WRITE } from './standards';
import {
  AUTH_EVENTS,
  CHECK_SIGN_IN,
  GLOBAL_SIGN_OUT,
  INDEX_SYNC,
  LIST_GROUPS,
  LOCK_ACCOUNT,
  READ_ACCOUNT,
  RESET_TOTP,
  TOTP_RESET_TICKET,
  USER_INDEX_READ,
  USER_WRITES,
} from './users';

/**
 * What each grant name a table line of the Lambdas may list (lambdas/src/core/grants.ts) allows,
 * and on what: the grants above, one module per resource family, where each says why. Typed by
 * every name, so a name added to the vocabulary stops compilation until it is mapped here.
 */
export const GRANTS_BY_NAME: Readonly<Record<GrantName, readonly PermissionGrant[]>> = {
  'account.read': [READ_ACCOUNT],
  'cognito.global-sign-out': [GLOBAL_SIGN_OUT],
  'cognito.lock-account': [LOCK_ACCOUNT],
  'cognito.auth-events': [AUTH_EVENTS],
  'cognito.reset-totp': [RESET_TOTP],
  'cognito.list-groups': [LIST_GROUPS],
  'cognito.check-sign-in': [CHECK_SIGN_IN],
  'user.write': USER_WRITES,
  'user-index.read': USER_INDEX_READ,
  'user-index.sync': INDEX_SYNC,
  'totp-reset.ticket': [TOTP_RESET_TICKET],
  journal: [JOURNAL],
  'journal.entry': [JOURNAL_ENTRY],
  'mail.send': [SEND_MAIL],
  'audit.append': [AUDIT_APPEND],
  'audit.read': [AUDIT_READ],
  'audit.views.read': [AUDIT_VIEW_READ],
  'audit.verification.read': [CHAIN_VERIFICATION_READ],
  'audit.verification.record': [CHAIN_VERIFICATION_RECORD],
  'exports.write': [EXPORTS_WRITE],
  'registry.read': [REGISTRY_READ],
  'registry.write': REGISTRY_WRITES,
  'registry.import-write': REGISTRY_IMPORT,
  'registry.export': REGISTRY_EXPORT,
  'credential.read': [CREDENTIAL_READ],
  'credential.list': [CREDENTIAL_LIST],
  'credential.write': CREDENTIAL_WRITE,
  'credential.link-mail': CREDENTIAL_LINK_MAIL,
  'credential.issue': CREDENTIAL_ISSUE,
  'credential.reveal': CREDENTIAL_REVEAL,
  'credential.retire': CREDENTIAL_RETIRE,
  'credential.end': CREDENTIAL_END,
  'standard-rows.read': [STANDARD_ROWS_READ],
  'standard-rows.write': [STANDARD_ROWS_WRITE],
  'document.read': [DOCUMENT_READ],
  'document.counts.read': [DOCUMENT_COUNTS_READ],
  'document.write': [DOCUMENT_WRITE],
  'document.upload-sign': [DOCUMENT_UPLOAD_SIGN],
  'document.download-sign': [DOCUMENT_DOWNLOAD_SIGN],
  'document.stage': [DOCUMENT_STAGE],
  // A completion's audit step tells of a document held or quarantined (issue 35).
  'document.keep': [...DOCUMENT_KEEP, ...EVENTS_APPEND],
  'document.held-release': HELD_RELEASE,
  'document.rescan': [DOCUMENT_RESCAN],
  'document.recall-move': DOCUMENT_RECALL_MOVE,
  'document.scan-status': [DOCUMENT_SCAN_STATUS],
  'events.read': [EVENTS_READ],
  'notifications.read': [NOTIFICATIONS_READ],
  'notifications.write': NOTIFICATIONS_WRITE,
  'distribution.write': [DISTRIBUTION_WRITE],
  // One write's events (GetItem, PutItem, UpdateItem) or many at once (BatchGetItem too, the
  // distributions'): the same items either way, so one grant.
  'events.append': EVENTS_APPEND_MANY,
  'webhooks.read': [WEBHOOKS_READ],
  'webhooks.write': WEBHOOKS_WRITE,
  // A redelivery is an attempt: outbound HTTPS needs no grant (the functions are in no VPC).
  'webhooks.deliver': WEBHOOKS_DELIVER,
};
