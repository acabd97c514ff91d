import { chainVerificationSchema } from '@ccsc/contract/audit';
import { AUDIT_VERIFICATION_KEY } from '../data-model';
import type { ChainVerifications, Verification } from '../core/ports/chain-verifications';
import { DynamoTable } from './dynamodb-table';

/**
 * The last verification of the audit chain in the main table: `AUDIT#VERIFICATION` / `LAST`, its
 * fields beside the keys, put whole by every verification (the later walk wins; two at the same
 * moment found the same chain). Read strongly consistent, so a check just made shows at once.
 */
export class DynamoChainVerifications extends DynamoTable implements ChainVerifications {
  async last(): Promise<Verification | null> {
    const stored = await this.getItem(AUDIT_VERIFICATION_KEY);
    if (stored === undefined) return null;
    const fields = Object.entries(stored).filter(([key]) => key !== 'pk' && key !== 'sk');
    const parsed = chainVerificationSchema.safeParse(Object.fromEntries(fields));
    // An item that is not a verification is as good as none: the next check writes it anew.
    return parsed.success ? parsed.data : null;
  }

  async record(verification: Verification): Promise<void> {
    const { client, sdk } = await this.db();
    const item = chainVerificationSchema.parse(verification);
    try {
      await client.send(
        new sdk.PutCommand({
          TableName: this.tableName,
          Item: { ...AUDIT_VERIFICATION_KEY, ...item },
          // A slower walk that finished after a newer one never replaces it (ISO times of the
          // same form order as text).
          ConditionExpression: 'attribute_not_exists(pk) OR checkedAt < :checkedAt',
          ExpressionAttributeValues: { ':checkedAt': item.checkedAt },
        }),
      );
    } catch (err) {
      if ((err as { name?: string }).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
}
