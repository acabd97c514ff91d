/**
 * When each user's invitation — the e-mail with the temporary password of the first sign-in —
 * was last sent (main table, `USER#<userName>` / `INVITATION`, beside the account lock). Cognito
 * does not say: its UserLastModifiedDate also moves when the account is edited. The create-user
 * and resend-invitation writes record it; the user index carries it (`invitationSentAt`), so the
 * user list and the dashboard know when a temporary password expires.
 */
export interface Invitations {
  /** When the user's invitation was last sent; null when none was recorded. */
  sentAt(userName: string): Promise<Date | null>;
  /** Records that the user's invitation was sent at `at` (replacing the time recorded before). */
  recordSent(userName: string, at: Date): Promise<void>;
}
