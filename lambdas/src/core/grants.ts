/**
 * The names of what an operation may be granted: each table line (src/<area>/operations.ts)
 * lists the names its core needs, and infra maps every name to its IAM statements
 * (infra/lib/grants/by-name.ts, typed by `GrantName`, so a new name stops synthesis until it is
 * mapped). Names only: the Lambdas know no ARN, no action, no resource. An operation that needs
 * only names already here needs no change in infra.
 */
export const GRANT_NAMES = [
  // The user pool: one account read (the role is its group), the directory's calls one core makes.
  'account.read',
  'cognito.global-sign-out',
  'cognito.lock-account',
  'cognito.auth-events',
  'cognito.reset-totp',
  'cognito.list-groups',
  'cognito.check-sign-in',
  // The users: every user write, the user index read (built once) and kept in step.
  'user.write',
  'user-index.read',
  'user-index.sync',
  'totp-reset.ticket',
  // A journaled write's bookkeeping (the whole main table, or its JOURNAL partition), and mail.
  'journal',
  'journal.entry',
  'mail.send',
  // The audit trail: appended, read back, its views, the chain's last verification.
  'audit.append',
  'audit.read',
  'audit.views.read',
  'audit.verification.read',
  'audit.verification.record',
  // A CSV or package streamed into the exports bucket, its link signed.
  'exports.write',
  'registry.read',
  'registry.write',
  'registry.import-write',
  'registry.export',
  'credential.read',
  'credential.list',
  'credential.write',
  'credential.link-mail',
  'credential.issue',
  'credential.reveal',
  'credential.retire',
  'credential.end',
  'standard-rows.read',
  'standard-rows.write',
  'document.read',
  'document.counts.read',
  'document.write',
  'document.upload-sign',
  'document.download-sign',
  'document.stage',
  'document.keep',
  'document.held-release',
  // A scan hold's retry (issue 34): the kept file copied to a new records key, scanned again.
  'document.rescan',
  // A recall (issue 35): the kept file moved to a new records key, the old key deleted (a delete
  // marker: the bucket keeps every version), so links handed out before stop working.
  'document.recall-move',
  // The malware scan's verdict read from a kept file's tag (issue 34: an imported file's, for the
  // export).
  'document.scan-status',
  // Issue 35: the partner feed's page of its organisation's events; a user's own notifications
  // and preferences, read, and marked read or chosen.
  'events.read',
  // Issue 35: a journaled write's events step (core/journal-events.ts): a return's, a request's
  // news for the other side, a distribution's sites told to acknowledge, the sponsor of an
  // acknowledgement.
  'events.append',
  'notifications.read',
  'notifications.write',
  // Safety-letter distributions (issue 35 part D): their records and list entries (batched), the
  // open entry removed when every site acknowledged.
  'distribution.write',
  // Issue 36: webhook endpoints read (WEBHOOK, an endpoint's deliveries), changed (a journaled
  // write with its audit record), and a delivery attempted (its record and due mark moved,
  // the endpoint's health marked; outbound HTTPS).
  'webhooks.read',
  'webhooks.write',
  'webhooks.deliver',
] as const;

export type GrantName = (typeof GRANT_NAMES)[number];
