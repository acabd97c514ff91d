/**
 * The single-use, short-lived tickets behind "Can't access authenticator app" links. Only the
 * SHA-256 of the link's token is stored; the token itself exists only in the e-mail.
 */
export interface TotpResetTicket {
  /** Hex SHA-256 of the token in the link. */
  tokenHash: string;
  userName: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface TotpResetTickets {
  issue(ticket: TotpResetTicket): Promise<void>;
  /** The ticket if it exists and has not expired at `now`, left in place; else null. */
  peek(tokenHash: string, now: Date): Promise<TotpResetTicket | null>;
  /**
   * Takes the ticket if it exists and has not expired at `now`, removing it in the same step:
   * of two redemptions at once only one gets it. Null when there is none (unknown, used or
   * expired).
   */
  redeem(tokenHash: string, now: Date): Promise<TotpResetTicket | null>;
}
