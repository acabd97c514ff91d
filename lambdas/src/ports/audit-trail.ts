import type { Role } from '../contract';

/**
 * One append-only audit record: who did what to whom, from where, with what outcome, and the
 * values that changed. The adapter adds the server time and the hash chain; nothing ever updates
 * or deletes a record.
 */
export interface AuditEntry {
  /** Dotted verb, e.g. "session.login", "session.logout", "account.locked", "mfa.reset". */
  action: string;
  outcome: 'success' | 'failure';
  /** The signed-in caller, or null for unauthenticated calls and system actions. */
  actor: { sub: string; email: string | null; role: Role | null } | null;
  /** What the action was about (a user, a credential, a standard). */
  target?: {
    type: 'user' | 'api-credential' | 'standard' | 'organisation';
    id: string;
    label?: string;
  };
  source: { ip: string; userAgent: string | null };
  requestId: string;
  /** What changed: never a password, secret or token. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Why, for failures and system actions (e.g. "5 consecutive failed sign-ins"). */
  reason?: string;
}

/** The audit trail port (DynamoDB audit table, hash-chained). */
export interface AuditTrail {
  append(entry: AuditEntry): Promise<void>;
}
