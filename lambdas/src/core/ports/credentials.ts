import type { ApiScope } from '@ccsc/contract/partner-api';

/**
 * API credentials (issue 15) as stored: metadata only. The secret is never here — it lives in
 * Cognito (ports/machine-clients.ts) and reaches only the contact's one reveal — and a link's
 * token is kept only as its SHA-256.
 *
 * `status` as stored: `pending` (issued, not yet revealed), `active`, `expired` (disabled by the
 * expiry job), `revoked`, `broken` (its Cognito app client is gone: the reconciler found it so,
 * issue 32; it cannot work again, only be revoked). "expiring" is not stored: it is `active` within EXPIRING_DAYS of
 * `validUntil` (the contract's status is derived when read). `validUntil` is not called
 * `expiresAt`: that is the main table's TTL attribute, and DynamoDB would delete the record.
 */
export interface CredentialLink {
  /** Hex SHA-256 of the link's token. */
  tokenHash: string;
  kind: 'initial' | 'rotation';
  issuedAt: string;
  /** Until when the link works (ISO). */
  until: string;
}

export interface CredentialRotation {
  graceDays: number;
  /** When the new secret was revealed; null while its link is outstanding. */
  revealedAt: string | null;
  /** When the old secret is deleted; null until the new one is revealed. */
  retiresAt: string | null;
  /** Cognito's id of the secret being retired (known once the new one is added). */
  retiringSecretId: string | null;
}

/**
 * The journaled write (core/journal.ts) that made a credential's last change: a step run again
 * finds its own change by `writeId` (done) apart from anyone else's (a refusal), and a retry of
 * the same call — the same caller asking the same change of the same revision — gets the same
 * answer instead of a 409.
 */
export interface CredentialChange {
  writeId: string;
  /** issue, link, reveal, retire, revoke, expire, notice, broken, reveal-undone. */
  action: string;
  /** The caller's sub; `contact` for a reveal, `hub` for the jobs and the reconciler. */
  by: string;
  /** The revision the change was made from (0 for the issue). */
  fromRevision: number;
}

export interface CredentialRecord {
  apiId: string;
  organisationId: string;
  systemId: string;
  clientId: string;
  scopes: ApiScope[];
  description: string | null;
  contactEmail: string;
  status: 'pending' | 'active' | 'expired' | 'revoked' | 'broken';
  validUntil: string;
  createdAt: string;
  createdBy: string;
  revealedAt: string | null;
  lastUsedAt: string | null;
  link: CredentialLink | null;
  rotation: CredentialRotation | null;
  /** Expiry notices already sent (30 and 7 days ahead), so each goes once. */
  noticesSent: ('30-days' | '7-days' | '14-days-event')[];
  revokedAt: string | null;
  revokedBy: string | null;
  revision: number;
  /** Null on records from before the journal (issue 32) and in tests. */
  lastChange?: CredentialChange | null;
  /**
   * For a credential issued with a `requestKey`: the SHA-256 of what was asked, so that the same
   * key again answers this credential, and the key with another request is told apart (409).
   */
  requestHash?: string | null;
  /**
   * Tokens issued (`iat`) before this time are refused: set when an administrator retires the
   * old secret at once, since a token does not say which secret obtained it (issue 36). A token
   * obtained with the new secret in the same second is refused too; its client asks again.
   * Null or absent: every unexpired token of an active credential is good.
   */
  tokensNotBefore?: string | null;
}

export interface CredentialStore {
  /** One credential, read consistently; null when there is none. */
  get(apiId: string): Promise<CredentialRecord | null>;
  /**
   * The credential of a Cognito app client (the partner API's lookup); null when none. With
   * `maxAgeMs`, a copy this process read at most that long ago may answer (never one this process
   * changed since): the partner API's per-container cache, which delays a change made elsewhere
   * (a revocation by another function) by at most `maxAgeMs`.
   */
  byClient(clientId: string, maxAgeMs?: number): Promise<CredentialRecord | null>;
  /** Every credential (a few thousand at most), newest first. */
  all(): Promise<CredentialRecord[]>;
  /** Stores a new credential (revision 1) with its client's lookup; 409 if the id is taken. */
  create(record: CredentialRecord): Promise<void>;
  /**
   * Replaces the credential if it is still at `expectedRevision` (the record carries the next);
   * else ConflictError ("changed meanwhile").
   */
  replace(record: CredentialRecord, expectedRevision: number): Promise<void>;
  /**
   * Takes the credential's link if its token hash is `tokenHash` and it works at `now`, in one
   * conditional step with the change `take` makes (at most one of two redemptions at once gets
   * it). The credential as it was before, or null (no credential, no such link, used, expired).
   */
  redeemLink(
    apiId: string,
    tokenHash: string,
    now: Date,
    take: (record: CredentialRecord) => CredentialRecord,
  ): Promise<CredentialRecord | null>;
  /** Records a use, at most once per `everyMs` per credential (a condition, never a read). */
  touch(apiId: string, at: Date, everyMs: number): Promise<void>;
}
