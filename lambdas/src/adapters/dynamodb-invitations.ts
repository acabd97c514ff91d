import { invitationKey } from '../data-model';
import type { Invitations } from '../core/ports/invitations';
import { type DynamoAccess, type DynamoSource, dynamoAccess } from './clients/dynamodb';

/** When invitations were sent, in the main table: `USER#<userName>` / `INVITATION` `{ sentAt }`. */
export class DynamoInvitations implements Invitations {
  private readonly db: DynamoAccess;

  constructor(
    client: DynamoSource,
    private readonly tableName: string,
  ) {
    this.db = dynamoAccess(client);
  }

  async sentAt(userName: string): Promise<Date | null> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.GetCommand({
        TableName: this.tableName,
        Key: invitationKey(userName),
        ConsistentRead: true,
      }),
    );
    const sentAt: unknown = out.Item?.sentAt;
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
