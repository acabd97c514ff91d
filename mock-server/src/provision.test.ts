import { describe, expect, it } from 'vitest';
import { invitationTemplate, toCreateTableInput } from './provision';

describe('toCreateTableInput', () => {
  it('turns a keyed definition into an on-demand table with string keys and full projections', () => {
    expect(
      toCreateTableInput({
        name: 'ccsc-local-main',
        definition: {
          partitionKey: 'pk',
          sortKey: 'sk',
          indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
        },
      }),
    ).toEqual({
      TableName: 'ccsc-local-main',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('leaves out what a definition does not have, and passes a CreateTable input through', () => {
    expect(toCreateTableInput({ name: 't', definition: { partitionKey: 'id' } })).toEqual({
      TableName: 't',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    });
    const raw = { TableName: 'raw', KeySchema: [], AttributeDefinitions: [] };
    expect(toCreateTableInput(raw)).toBe(raw);
  });
});

describe('invitationTemplate', () => {
  it('names the product and carries both placeholders Cognito requires', () => {
    const template = invitationTemplate('CCSC Admin Console');
    expect(template.EmailSubject).toBe('Your CCSC Admin Console invitation');
    for (const text of [template.EmailMessage, template.SMSMessage]) {
      expect(text).toContain('{username}');
      expect(text).toContain('{####}');
    }
  });
});
