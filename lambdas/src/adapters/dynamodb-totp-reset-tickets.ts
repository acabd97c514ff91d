import { TABLES } from '../data-model';
import type { TotpResetTicket, TotpResetTickets } from '../core/ports/totp-reset-tickets';
import { isConditionFailure } from './clients/dynamodb';
import { DynamoTable } from './dynamodb-table';

const SK = 'TOTP_RESET';
const keyOf = (tokenHash: string) => ({ pk: `TOTP_RESET#${tokenHash}`, sk: SK });
/** DynamoDB's TTL attribute of the main table (epoch seconds); TTL only tidies up. */
const EXPIRES_AT = TABLES.main.timeToLiveAttribute;
const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Tickets in the main table under the token's hash. Redeeming is one conditional delete that
 * returns the deleted item: the condition (exists, not expired) and the removal are atomic, so
 * a ticket is used at most once, and an expired one never, whether or not TTL removed it yet.
 */
const toTicket = (
  tokenHash: string,
  item: Record<string, unknown> | undefined,
): TotpResetTicket | null => {
  const userName = item?.userName;
  const issuedAt = item?.issuedAt;
  const expiresAt = item?.[EXPIRES_AT];
  if (
    typeof userName !== 'string' ||
    typeof issuedAt !== 'string' ||
    typeof expiresAt !== 'number'
  ) {
    return null;
  }
  return {
    tokenHash,
    userName,
    issuedAt: new Date(issuedAt),
    expiresAt: new Date(expiresAt * 1000),
  };
};

export class DynamoTotpResetTickets extends DynamoTable implements TotpResetTickets {
  async issue(ticket: TotpResetTicket): Promise<void> {
    const { client, sdk } = await this.db();
    await client.send(
      new sdk.PutCommand({
        TableName: this.tableName,
        Item: {
          ...keyOf(ticket.tokenHash),
          userName: ticket.userName,
          issuedAt: ticket.issuedAt.toISOString(),
          [EXPIRES_AT]: epochSeconds(ticket.expiresAt),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async peek(tokenHash: string, now: Date): Promise<TotpResetTicket | null> {
    const item = await this.getItem(keyOf(tokenHash));
    const ticket = toTicket(tokenHash, item);
    return ticket !== null && ticket.expiresAt.getTime() > now.getTime() ? ticket : null;
  }

  async redeem(tokenHash: string, now: Date): Promise<TotpResetTicket | null> {
    const { client, sdk } = await this.db();
    try {
      const out = await client.send(
        new sdk.DeleteCommand({
          TableName: this.tableName,
          Key: keyOf(tokenHash),
          ConditionExpression: 'attribute_exists(pk) AND #expiresAt > :now',
          ExpressionAttributeNames: { '#expiresAt': EXPIRES_AT },
          ExpressionAttributeValues: { ':now': epochSeconds(now) },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return toTicket(tokenHash, out.Attributes);
    } catch (err) {
      if (isConditionFailure(err)) return null;
      throw err;
    }
  }
}
