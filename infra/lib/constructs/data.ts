import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  BUCKETS,
  bucketName,
  TABLES,
  tableName,
  type TableDefinition,
} from '@ccsc/lambdas/data-model';

export interface DataProps {
  readonly environmentName: string;
  /** Bucket names end with the account (names are global); a token when the account is unknown. */
  readonly account: string;
  readonly accessLogDays: number;
  readonly noncurrentVersionDays: number;
}

/**
 * The product's state, declared once in lambdas/src/data-model.ts: the DynamoDB tables
 * (point-in-time recovery, encryption, deletion protection) and the documents and artifacts
 * buckets (versioned, encrypted, private, TLS only, access-logged). Everything here is retained
 * when the stack is deleted.
 */
export class Data extends Construct {
  readonly mainTable: dynamodb.Table;
  readonly auditTable: dynamodb.Table;
  /** Index names of the audit table (its views), for index-scoped grants. */
  readonly auditTableIndexes: readonly string[];
  /** The documents exchanged (issue 17), their idempotency keys and the systems' inboxes. */
  readonly documentsTable: dynamodb.Table;
  readonly documentsTableIndexes: readonly string[];
  /** Index names of the main table, for index-scoped grants. */
  readonly mainTableIndexes: readonly string[];
  readonly documentsBucket: s3.Bucket;
  readonly artifactsBucket: s3.Bucket;
  /** CSV exports (user list, audit trail): private, downloaded by links that expire, kept a day. */
  readonly exportsBucket: s3.Bucket;
  /** Target of S3 server access logs (this construct's buckets and the site's). */
  readonly accessLogBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.mainTable = this.table('MainTable', props.environmentName, TABLES.main);
    this.auditTable = this.table('AuditTable', props.environmentName, TABLES.audit);
    this.auditTableIndexes = TABLES.audit.indexes.map((i) => i.name);
    this.mainTableIndexes = TABLES.main.indexes.map((i) => i.name);
    this.documentsTable = this.table('DocumentsTable', props.environmentName, TABLES.documents);
    this.documentsTableIndexes = TABLES.documents.indexes.map((i) => i.name);

    this.accessLogBucket = new s3.Bucket(this, 'AccessLogBucket', {
      bucketName: bucketName(props.environmentName, 'access-logs', props.account),
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      versioned: true,
      lifecycleRules: [
        {
          expiration: Duration.days(props.accessLogDays),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This is the access-log bucket itself; logging its own access into itself would loop. ' +
        'It is private, versioned, TLS-only and expires its objects.',
    });

    const dataBucket = (cid: string, name: string, extraRules: s3.LifecycleRule[] = []) =>
      new s3.Bucket(this, cid, {
        bucketName: bucketName(props.environmentName, name, props.account),
        encryption: s3.BucketEncryption.S3_MANAGED,
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        enforceSSL: true,
        minimumTLSVersion: 1.2,
        versioned: true,
        serverAccessLogsBucket: this.accessLogBucket,
        serverAccessLogsPrefix: `${name}/`,
        lifecycleRules: [
          {
            noncurrentVersionExpiration: Duration.days(props.noncurrentVersionDays),
            abortIncompleteMultipartUploadAfter: Duration.days(7),
          },
          ...extraRules,
        ],
        removalPolicy: RemovalPolicy.RETAIN,
      });
    // Documents are records (GCP, 21 CFR Part 11): kept in every version, moved to cheaper
    // storage as they age, never deleted through the API: the one DeleteObject (a recall's, on
    // records/, issue 35) names no version, so it adds a delete marker and every version stays;
    // the senders' uploads (incoming/) are only the way in and go after a week. Object Lock:
    // infra/README.md.
    this.documentsBucket = dataBucket('DocumentsBucket', BUCKETS.documents, [
      {
        id: 'RecordsToCheaperStorage',
        prefix: 'records/',
        transitions: [
          {
            storageClass: s3.StorageClass.INTELLIGENT_TIERING,
            transitionAfter: Duration.days(0),
          },
        ],
      },
      { id: 'UploadsExpire', prefix: 'incoming/', expiration: Duration.days(7) },
    ]);
    this.artifactsBucket = dataBucket('ArtifactsBucket', BUCKETS.artifacts);
    // Exports hold personal data that is already in the directory: nothing to keep versions of,
    // and nothing to keep beyond the day of the download.
    this.exportsBucket = new s3.Bucket(this, 'ExportsBucket', {
      bucketName: bucketName(props.environmentName, BUCKETS.exports, props.account),
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: `${BUCKETS.exports}/`,
      lifecycleRules: [
        { expiration: Duration.days(1), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  private table(id: string, environmentName: string, definition: TableDefinition): dynamodb.Table {
    const table = new dynamodb.Table(this, id, {
      tableName: tableName(environmentName, definition),
      partitionKey: { name: definition.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: definition.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Short-lived records (one-time links) carry their expiry in epoch seconds; DynamoDB
      // removes them some time after it (the code already refuses expired ones).
      ...(definition.timeToLiveAttribute === undefined
        ? {}
        : { timeToLiveAttribute: definition.timeToLiveAttribute }),
    });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    return table;
  }
}
