import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { BUCKETS, TABLES, type TableDefinition, tableName } from '@ccsc/lambdas/data-model';
import { logicalId, resourcesOf, sitStack } from './support/stacks';

const { template, stack } = sitStack();

describe('Data: tables from data-model.ts', () => {
  it('creates every declared table with its keys and indexes', () => {
    for (const table of Object.values(TABLES)) {
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: tableName('sit', table),
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        ...(table.indexes.length > 0
          ? {
              GlobalSecondaryIndexes: table.indexes.map((i) =>
                Match.objectLike({
                  IndexName: i.name,
                  KeySchema: [
                    { AttributeName: i.partitionKey, KeyType: 'HASH' },
                    { AttributeName: i.sortKey, KeyType: 'RANGE' },
                  ],
                }),
              ),
            }
          : {}),
      });
    }
    expect(Object.keys(resourcesOf(template, 'AWS::DynamoDB::Table'))).toHaveLength(
      Object.keys(TABLES).length,
    );
  });

  it('lets DynamoDB expire the short-lived records of the tables that have an expiry attribute', () => {
    const tables: readonly TableDefinition[] = Object.values(TABLES);
    for (const definition of tables) {
      if (definition.timeToLiveAttribute === undefined) continue;
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        TableName: tableName('sit', definition),
        TimeToLiveSpecification: { AttributeName: definition.timeToLiveAttribute, Enabled: true },
      });
    }
    expect(tables.some((t) => t.timeToLiveAttribute !== undefined)).toBe(true);
  });

  it('protects every table: point-in-time recovery, encryption, deletion protection, retained', () => {
    for (const table of Object.values(resourcesOf(template, 'AWS::DynamoDB::Table'))) {
      expect(table.Properties).toMatchObject({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      });
      expect(table).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    }
  });
});

describe('Data: buckets', () => {
  const buckets = resourcesOf(template, 'AWS::S3::Bucket');
  const accessLogBucket = logicalId(stack, stack.data.accessLogBucket);

  it('creates the documents and artifacts buckets of data-model.ts, named per environment and account', () => {
    for (const name of Object.values(BUCKETS)) {
      template.hasResourceProperties('AWS::S3::Bucket', {
        BucketName: { 'Fn::Join': ['', [`ccsc-sit-${name}-`, { Ref: 'AWS::AccountId' }]] },
      });
    }
  });

  it('makes every bucket private, encrypted, TLS-only and retained', () => {
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(5);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties, id).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        },
      });
      expect(bucket, id).toMatchObject({ DeletionPolicy: 'Retain' });
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
            Match.objectLike({
              Effect: 'Deny',
              Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } },
            }),
          ]),
        },
      });
    }
  });

  it('versions documents and artifacts and logs their access to the log bucket', () => {
    for (const b of [stack.data.documentsBucket, stack.data.artifactsBucket]) {
      expect(buckets[logicalId(stack, b)]?.Properties).toMatchObject({
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: { DestinationBucketName: { Ref: accessLogBucket } },
      });
    }
  });

  it('lets the console, and only the console, PUT to and GET from the documents bucket through presigned links', () => {
    const cors = buckets[logicalId(stack, stack.data.documentsBucket)]?.Properties
      ?.CorsConfiguration as { CorsRules: Record<string, unknown>[] } | undefined;
    expect(cors?.CorsRules).toEqual([
      {
        AllowedMethods: ['PUT', 'GET'],
        AllowedOrigins: [
          {
            'Fn::Join': [
              '',
              [
                'https://',
                { 'Fn::GetAtt': [logicalId(stack, stack.site.distribution), 'DomainName'] },
              ],
            ],
          },
        ],
        AllowedHeaders: ['content-type'],
        ExposedHeaders: ['ETag'],
        MaxAge: 3000,
      },
    ]);
    for (const b of [stack.data.artifactsBucket, stack.data.exportsBucket]) {
      expect(buckets[logicalId(stack, b)]?.Properties?.CorsConfiguration).toBeUndefined();
    }
  });

  it('sends the site and CloudFront log buckets’ access logs there too', () => {
    const logged = Object.entries(buckets)
      .filter(([, b]) => b.Properties?.LoggingConfiguration !== undefined)
      .map(([id]) => id);
    expect(logged.sort()).toEqual(
      Object.keys(buckets)
        .filter((id) => id !== accessLogBucket)
        .sort(),
    );
  });
});
