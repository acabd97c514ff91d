import type { Invitations } from '../ports/invitations';

/** When invitations were sent, in memory (ports/invitations.ts). */
export class FakeInvitations implements Invitations {
  readonly sent = new Map<string, Date>();

  sentAt(userName: string): Promise<Date | null> {
    return Promise.resolve(this.sent.get(userName) ?? null);
  }

  recordSent(userName: string, at: Date): Promise<void> {
    this.sent.set(userName, at);
    return Promise.resolve();
  }
}
