/**
 * What kind of action each audit action is, and which views of the trail a record is in: the
 * rule the audit trail's writer applies to every record (apart from audit.ts's routes and
 * schemas, so a function that only appends records carries no audit screen schema).
 */
/**
 * How the console sorts the actions the code writes (every one is listed in AUDIT_ACTION_KINDS; a
 * test collects the action strings of lambdas/src and fails on one that is not):
 * - `change`: an administrator changed something (an account, an organisation, a system, a
 *   study, a connection, a standard, an API credential): the dashboard's recent changes;
 * - `read`: something was read, downloaded, exported or revealed; nothing changed;
 * - `sign-in`: a session began, failed or ended;
 * - `account-security`: what happened to an account without an administrator (a lockout, a
 *   self-service authenticator or password reset);
 * - `automatic`: a scheduled job or a running import recorded what it did;
 * - `document`: the document exchange's traffic (sent, received, delivered, released, retried):
 *   the daily work of the systems, not the console's configuration.
 */
export const AUDIT_ACTION_KIND_NAMES = [
  'change',
  'read',
  'sign-in',
  'account-security',
  'automatic',
  'document',
] as const;
export type AuditActionKind = (typeof AUDIT_ACTION_KIND_NAMES)[number];

/** Every action the lambdas write, and what it is. An action not listed is no change. */
export const AUDIT_ACTION_KINDS = {
  // Sessions.
  'session.login': 'sign-in',
  'session.first-login': 'sign-in',
  'session.login-failed': 'sign-in',
  'session.logout': 'sign-in',
  // An account, without an administrator.
  'account.locked': 'account-security',
  'mfa.reset': 'account-security',
  'mfa.reset-requested': 'account-security',
  'password.reset': 'account-security',
  // User management.
  'user.created': 'change',
  'user.updated': 'change',
  'user.deleted': 'change',
  'user.disabled': 'change',
  'user.enabled': 'change',
  'user.unlocked': 'change',
  'user.mfa-reset': 'change',
  'user.invitation-resent': 'change',
  'user.export': 'read',
  // API credentials.
  'api-credential.issued': 'change',
  'api-credential.revoked': 'change',
  'api-credential.resent': 'change',
  'api-credential.link-resent': 'change',
  'api-credential.rotation-started': 'change',
  'api-credential.old-secret-retired': 'change',
  'api-credential.revealed': 'read',
  'api-credential.rotation-revealed': 'read',
  'api-credential.scope-downloaded': 'read',
  'api-credential.expired': 'automatic',
  'api-credential.expiry-notice': 'automatic',
  'api-credential.client-deleted': 'automatic',
  // Found by the reconciler (issue 32): a Cognito client of ours without its credential, deleted;
  // a credential whose client is gone, marked broken.
  'api-credential.orphan-client-deleted': 'automatic',
  'api-credential.broken': 'automatic',
  // The registry: organisations, systems, studies, connections.
  'organisation.created': 'change',
  'organisation.updated': 'change',
  'organisation.activated': 'change',
  'organisation.deactivated': 'change',
  'organisation.imported': 'change',
  'organisation.export': 'read',
  'system.created': 'change',
  'system.updated': 'change',
  'system.activated': 'change',
  'system.deactivated': 'change',
  'system.standard-changed': 'change',
  'systems.imported': 'change',
  'system.export': 'read',
  'registry.import': 'change',
  'study.created': 'change',
  'study.updated': 'change',
  'study.connections-moved': 'change',
  'study.import-announced': 'change',
  'study.imported-etmf': 'change',
  'study.import-progressed': 'automatic',
  'study.import-rejected': 'automatic',
  // A person resolved an import's conflict (issue 34): the object filed as an artifact, or skipped.
  'study.import-conflict-filed': 'change',
  'study.import-conflict-skipped': 'change',
  'study.exported-etmf': 'read',
  // Expected documents and document requests (issue 35).
  'study.expected-documents-saved': 'change',
  'document-request.created': 'change',
  'document-request.cancelled': 'change',
  'connection.invited': 'change',
  'connection.accepted': 'change',
  'connection.declined': 'change',
  'connection.suspended': 'change',
  'connection.resumed': 'change',
  'connection.ended': 'change',
  'connection.export': 'read',
  // Mapping standards.
  'standard.created': 'change',
  'standard.updated': 'change',
  'standard.version-created': 'change',
  'standard.published': 'change',
  'standard.retired': 'change',
  'standard.exported': 'read',
  // Documents.
  'document.sent': 'document',
  'document.received': 'document',
  'document.acknowledged': 'document',
  'document.released': 'document',
  'document.retried': 'document',
  'document.scanned': 'document',
  'document.quarantined': 'document',
  'document.superseded': 'document',
  // Issue 35: sent back by the receiver, or recalled by the sender (and the receiver's answer).
  'document.rejected': 'document',
  'document.recalled': 'document',
  'document.recall-requested': 'document',
  'document.recall-confirmed': 'document',
  'document.recall-declined': 'document',
  /** A file an eTMF-EMS import filed became a document to a receiving system (issue 34). */
  'document.imported': 'document',
  'document.downloaded': 'read',
  'imported-file.downloaded': 'read',
  // Safety-letter distribution (issue 35 part D): sent to a study's sites, a site reminded, the
  // tracking exported. Each site's acknowledgement is its copy's document.acknowledged.
  'distribution.created': 'change',
  'distribution.reminder-due': 'automatic',
  'distribution.export': 'read',
  // The audit trail itself.
  'audit.export': 'read',
} as const satisfies Record<string, AuditActionKind>;

/** The actions that change something, when an administrator's and successful. */
export const CHANGE_ACTIONS: readonly string[] = Object.entries(AUDIT_ACTION_KINDS)
  .filter(([, kind]) => kind === 'change')
  .map(([action]) => action);

/**
 * The views of the trail the dashboard counts and links to. The security views are exact
 * (action, outcome) pairs; `changes` is every successful action of CHANGE_ACTIONS with an actor
 * (an administrator, not a job or an anonymous caller).
 */
export const AUDIT_VIEWS = [
  'failed-sign-ins',
  'lockouts',
  'mfa-resets',
  'credential-revocations',
  'changes',
] as const;
export type AuditView = (typeof AUDIT_VIEWS)[number];
export type SecurityView = Exclude<AuditView, 'changes'>;
export const SECURITY_VIEWS = AUDIT_VIEWS.filter(
  (v): v is SecurityView => v !== 'changes',
) as readonly SecurityView[];

/** What puts a record in each security view: its action and outcome. */
export const SECURITY_VIEW_ACTIONS: Readonly<
  Record<SecurityView, readonly { action: string; outcome: 'success' | 'failure' }[]>
> = {
  // One record per failed Cognito sign-in (account-lockout.core.ts).
  'failed-sign-ins': [{ action: 'session.login-failed', outcome: 'failure' }],
  // A lock that took effect; a refused one (the last PlatformAdmin) is a failure.
  lockouts: [{ action: 'account.locked', outcome: 'success' }],
  // The user's own, with the e-mailed link, and an administrator's.
  'mfa-resets': [
    { action: 'mfa.reset', outcome: 'success' },
    { action: 'user.mfa-reset', outcome: 'success' },
  ],
  'credential-revocations': [{ action: 'api-credential.revoked', outcome: 'success' }],
};

const CHANGES = new Set(CHANGE_ACTIONS);

/** The views a record is in (none, one, or a security view and `changes`). Pure. */
export const auditViewsOf = (record: {
  action: string;
  outcome: 'success' | 'failure';
  actor: { sub: string } | null | undefined;
}): AuditView[] => {
  const views: AuditView[] = SECURITY_VIEWS.filter((view) =>
    SECURITY_VIEW_ACTIONS[view].some(
      (m) => m.action === record.action && m.outcome === record.outcome,
    ),
  );
  if (
    record.outcome === 'success' &&
    record.actor !== null &&
    record.actor !== undefined &&
    CHANGES.has(record.action)
  ) {
    views.push('changes');
  }
  return views;
};
