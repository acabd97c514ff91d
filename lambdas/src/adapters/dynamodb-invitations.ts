import { invitationKey } from '../data-model';
import type { Invitations } from '../core/ports/invitations';
import { DynamoTable } from './dynamodb-table';

/** When invitations were sent, in the main table: `USER#<userName>` / `INVITATION` `{ sentAt }`. */
export class DynamoInvitations extends DynamoTable implements Invitations {
  async sentAt(userName: string): Promise<Date | null> {
    const item = await this.getItem(invitationKey(userName));
    const sentAt: unknown = item?.sentAt;
    if (typeof sentAt !== 'string') return null;
    const at = new Date(sentAt);
    return Number.isNaN(at.getTime()) ? null : at;
  }

  async recordSent(userName: string, at: Date): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.PutCommand({
        TableName: this.tableName,
        Item: { ...invitationKey(userName), userName, sentAt: at.toISOString() },
      }),
    );
  }
}
