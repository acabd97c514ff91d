import * as z from 'zod';
import { organisationKey, organisationsOfKind, type OrganisationKind, TABLES } from '../data-model';
import type { Organisation, Organisations } from '../ports/organisations';
import { type DynamoAccess, type DynamoSource, dynamoAccess } from './clients/dynamodb';

const organisationSchema = z.object({
  organisationId: z.string().min(1),
  name: z.string().min(1),
  kind: z.enum(['site', 'sponsor']),
  country: z.string().nullable().optional(),
});

const toOrganisation = (item: unknown): Organisation | null => {
  const parsed = organisationSchema.safeParse(item);
  if (!parsed.success) return null; // not an organisation record: ignored, never half-shown
  return { ...parsed.data, country: parsed.data.country ?? null };
};

/** Organisations in the main table (layout: data-model.ts `organisationItem`). */
export class DynamoOrganisations implements Organisations {
  private readonly db: DynamoAccess;

  constructor(
    client: DynamoSource,
    private readonly tableName: string,
  ) {
    this.db = dynamoAccess(client);
  }

  async list(kind: OrganisationKind): Promise<Organisation[]> {
    const { client, sdk } = await this.db();
    const found: Organisation[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await client.send(
        new sdk.QueryCommand({
          TableName: this.tableName,
          IndexName: TABLES.main.indexes[0].name,
          KeyConditionExpression: 'gsi1pk = :kind',
          ExpressionAttributeValues: { ':kind': organisationsOfKind(kind) },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        const org = toOrganisation(item);
        if (org?.kind === kind) found.push(org);
      }
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return found;
  }

  async get(organisationId: string): Promise<Organisation | null> {
    const { client, sdk } = await this.db();
    const out = await client.send(
      new sdk.GetCommand({ TableName: this.tableName, Key: organisationKey(organisationId) }),
    );
    return out.Item === undefined ? null : toOrganisation(out.Item);
  }
}
