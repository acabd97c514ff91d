import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { JOB_PERMISSIONS, PERMISSIONS } from '../lib/permissions';
import {
  inParentTerms,
  logicalId,
  resourcesAround,
  sitStack,
  variantStack,
  type Resource,
} from './support/stacks';

const { stack } = sitStack();
const scan = stack.jobs.documentScan;
/** Everything of the scan lives in the Jobs nested stack. */
const resources = resourcesAround(scan.fn);
/** A construct's logical id in its own (nested) stack's template. */
const idIn = (construct: IConstruct) => logicalId(stack, construct);
const props = (construct: IConstruct): Record<string, unknown> => {
  const resource: Resource | undefined = resources[idIn(construct)];
  if (resource === undefined) throw new Error(`no resource for ${construct.node.path}`);
  return resource.Properties ?? {};
};

interface Statement {
  Sid?: string;
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}
const statementsOf = (roleId: string): Statement[] => {
  const policy = Object.values(resources).find(
    (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties?.Roles).includes(roleId),
  );
  return (policy?.Properties?.PolicyDocument as { Statement: Statement[] }).Statement;
};
const actionsOf = (statements: readonly Statement[]) =>
  statements.filter((s) => s.Effect === 'Allow').flatMap((s) => [s.Action].flat());
/** A resource in the parent's terms, flattened to a string (…DocumentsBucket…Arn/records/*). */
const flat = (construct: IConstruct, value: unknown) =>
  JSON.stringify(inParentTerms(construct, value));

const documentsBucketId = logicalId(stack, stack.data.documentsBucket);
const guardDutyRoleId = idIn(scan.protection.role);
const guardDutyStatements = statementsOf(guardDutyRoleId);
const bySid = (sid: string) => {
  const found = guardDutyStatements.find((s) => s.Sid === sid);
  if (found === undefined) throw new Error(`no statement ${sid}`);
  return found;
};

describe('GuardDuty Malware Protection for S3 on the kept documents (issue 34)', () => {
  it('protects the documents bucket’s records/ only, tagging each object with its verdict', () => {
    const plan = props(scan.protection.plan);
    expect(inParentTerms(scan.fn, plan.ProtectedResource)).toEqual({
      S3Bucket: { BucketName: { Ref: documentsBucketId }, ObjectPrefixes: ['records/'] },
    });
    expect(plan.Actions).toEqual({ Tagging: { Status: 'ENABLED' } });
    expect(plan.Role).toEqual({ 'Fn::GetAtt': [guardDutyRoleId, 'Arn'] });
    // GuardDuty checks the role when the plan is made: its policy is created first.
    expect(resources[idIn(scan.protection.plan)]?.DependsOn).toEqual(
      expect.arrayContaining([
        guardDutyRoleId,
        idIn(scan.protection.role.node.findChild('DefaultPolicy')),
      ]),
    );
  });

  it('lets only GuardDuty’s malware-protection-plan service assume its role', () => {
    expect(props(scan.protection.role).AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: 'sts:AssumeRole',
          Principal: { Service: 'malware-protection-plan.guardduty.amazonaws.com' },
        },
      ],
    });
  });

  it('gives that role GuardDuty’s documented statements, narrowed to the scanned prefix', () => {
    const managedRule = bySid('ManagedRuleSendsS3EventsToGuardDuty');
    expect([managedRule.Action].flat().sort()).toEqual([
      'events:DeleteRule',
      'events:PutRule',
      'events:PutTargets',
      'events:RemoveTargets',
    ]);
    expect(JSON.stringify(managedRule.Resource)).toMatch(
      /:rule\/DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3\*"\]\]\}$/,
    );
    expect(managedRule.Condition).toEqual({
      StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' },
    });
    expect([bySid('GuardDutyWatchesItsManagedRule').Action].flat().sort()).toEqual([
      'events:DescribeRule',
      'events:ListTargetsByRule',
    ]);

    const bucket = bySid('BucketSendsEventsToEventBridge');
    expect(flat(scan.fn, bucket.Resource)).toBe(
      JSON.stringify({ 'Fn::GetAtt': [documentsBucketId, 'Arn'] }),
    );
    expect([bucket.Action].flat().sort()).toEqual([
      's3:GetBucketNotification',
      's3:ListBucket',
      's3:PutBucketNotification',
    ]);
    expect(bySid('ValidationObject').Action).toBe('s3:PutObject');
    expect(flat(scan.fn, bySid('ValidationObject').Resource)).toContain(
      '"/malware-protection-resource-validation-object"',
    );
    for (const sid of ['ScanObjects', 'TagScannedObjects']) {
      expect(flat(scan.fn, bySid(sid).Resource), sid).toContain('"/records/*"');
    }
    expect([bySid('ScanObjects').Action].flat().sort()).toEqual([
      's3:GetObject',
      's3:GetObjectVersion',
    ]);
    expect([bySid('TagScannedObjects').Action].flat().sort()).toEqual([
      's3:GetObjectTagging',
      's3:GetObjectVersionTagging',
      's3:PutObjectTagging',
      's3:PutObjectVersionTagging',
    ]);
    // Nothing else: no KMS (the bucket is SSE-S3), no delete, no write of a document.
    expect(guardDutyStatements.map((s) => s.Sid).sort()).toEqual(
      [
        'BucketSendsEventsToEventBridge',
        'GuardDutyWatchesItsManagedRule',
        'ManagedRuleSendsS3EventsToGuardDuty',
        'ScanObjects',
        'TagScannedObjects',
        'ValidationObject',
      ].sort(),
    );
    expect(
      actionsOf(guardDutyStatements).filter((a) => /^kms:|Delete(Object|Bucket)/.test(a)),
    ).toEqual([]);
  });
});

describe('The documents bucket never serves what GuardDuty found malicious (issue 34)', () => {
  const policy = Object.values(resourcesAround(stack.data.documentsBucket)).find(
    (r) =>
      r.Type === 'AWS::S3::BucketPolicy' &&
      JSON.stringify(r.Properties?.Bucket) === JSON.stringify({ Ref: documentsBucketId }),
  );
  const statements = (policy?.Properties?.PolicyDocument as { Statement: Statement[] }).Statement;

  it('denies every principal reading a records/ object tagged THREATS_FOUND, and nothing else', () => {
    const deny = statements.find((s) => s.Sid === 'NoReadOfObjectsWithMalware');
    expect(deny).toMatchObject({
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: ['s3:GetObject', 's3:GetObjectVersion'],
      Condition: {
        StringEquals: { 's3:ExistingObjectTag/GuardDutyMalwareScanStatus': 'THREATS_FOUND' },
      },
    });
    expect(JSON.stringify(deny?.Resource)).toContain('"/records/*"');
    // An object not scanned yet has no tag: still readable (the hub's own steps, older records);
    // no other verdict is denied (a failed scan is held, not dangerous).
    expect(statements.filter((s) => JSON.stringify(s).includes('ExistingObjectTag'))).toHaveLength(
      1,
    );
  });
});

describe('The verdicts: an EventBridge rule to the document-scan-result function (issue 34)', () => {
  const fnId = idIn(scan.fn.function);
  const queueId = idIn(scan.deadLetters);

  it('matches GuardDuty’s object scan results of this bucket’s records/ only', () => {
    const rule = props(scan.rule);
    expect(inParentTerms(scan.fn, rule.EventPattern)).toEqual({
      source: ['aws.guardduty'],
      'detail-type': ['GuardDuty Malware Protection Object Scan Result'],
      detail: {
        s3ObjectDetails: {
          bucketName: [{ Ref: documentsBucketId }],
          objectKey: [{ prefix: 'records/' }],
        },
      },
    });
  });

  it('hands each verdict to the function, retried, and dead-letters what it cannot', () => {
    const rule = props(scan.rule);
    expect(rule.Targets).toEqual([
      {
        Id: 'Target0',
        Arn: { 'Fn::GetAtt': [fnId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 6 * 3600 },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      },
    ]);
    // A verdict the function failed on after Lambda's retries goes to the same queue.
    const invokeConfig = Object.values(resources).find(
      (r) =>
        r.Type === 'AWS::Lambda::EventInvokeConfig' && JSON.stringify(r.Properties).includes(fnId),
    );
    expect(invokeConfig?.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    expect(props(scan.deadLetters)).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('grants the function what a verdict needs (document.held-release): the document write, audit, journal, classification', () => {
    const statements = statementsOf(idIn(scan.fn.role));
    const actions = actionsOf(statements);
    for (const action of [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'sqs:SendMessage',
    ]) {
      expect(actions).toContain(action);
    }
    // The verdict comes in the event (the tag is GuardDuty's, read by the documents' job): of the
    // documents bucket only the records read — an imported file's content check before it joins
    // the study (issue 34 item 5); no document deleted, no mail, no user touched.
    const docs = statements.filter((s) => flat(scan.fn, s.Resource).includes('DocumentsBucket'));
    // Read and its tag read (the sweep of imported files); nothing written.
    expect(new Set(docs.flatMap((s) => [s.Action].flat()))).toEqual(
      new Set(['s3:GetObject', 's3:GetObjectTagging']),
    );
    expect(
      flat(
        scan.fn,
        docs.map((s) => s.Resource),
      ),
    ).toContain('"/records/*"');
    expect(actions.filter((a) => /^(cognito-idp|ses):|Scan$|DeleteObject/.test(a))).toEqual([]);
    // Items deleted: only the join markers of imported files (IMPORTJOIN).
    const deletes = statements.filter((s) => [s.Action].flat().includes('dynamodb:DeleteItem'));
    expect(
      flat(
        scan.fn,
        deletes.map((s) => s.Condition),
      ),
    ).toContain('IMPORTJOIN');
    // Read only: the standards' rows for the classification.
    const rows = statements.find(
      (s) =>
        [s.Action].flat().includes('s3:GetObject') &&
        flat(scan.fn, s.Resource).includes('/standards/*'),
    );
    expect(flat(scan.fn, rows?.Resource)).toContain('"/standards/*"');
    expect(new Set(actions.filter((a) => a.startsWith('s3:')))).toEqual(
      new Set(['s3:GetObject', 's3:GetObjectTagging']),
    );
  });

  it('runs the same function every 5 minutes to join the imported files whose verdict never came', () => {
    const sweep = props(scan.sweep);
    expect(sweep.ScheduleExpression).toBe('rate(5 minutes)');
    expect(JSON.stringify(sweep.Targets)).toContain(idIn(scan.fn.function));
  });

  it('lets the documents’ job read the verdict tag of a document still awaiting its scan', () => {
    const release = stack.jobs.heldDocumentRelease;
    const statements = statementsOf(idIn(release.role));
    const tagRead = statements.find((s) => [s.Action].flat().includes('s3:GetObjectTagging'));
    expect(flat(release, tagRead?.Resource)).toContain('"/records/*"');
    expect(actionsOf(statements)).not.toContain('s3:PutObjectTagging');
  });

  it('alarms on a failed verdict and on a dead-lettered one, and says when they are over', () => {
    const topic = (alarm: Record<string, unknown>) => JSON.stringify(alarm.AlarmActions);
    const failed = props(scan.failedAlarm);
    expect(failed).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
      Threshold: 1,
    });
    const deadLettered = props(scan.deadLettersAlarm);
    expect(deadLettered).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
    });
    for (const alarm of [failed, deadLettered]) {
      expect(topic(alarm)).toContain('AlarmTopic');
      expect(JSON.stringify(alarm.OKActions)).toContain('AlarmTopic');
    }
    // It is a job like the others: the monitoring adds its Throttles alarm beside it.
    expect(stack.monitoring.functionAlarms.get(scan.fn.functionName)?.errors).toBe(
      scan.failedAlarm,
    );
  });
});

describe('The content check reads the kept copy back; a retry copies it (issue 34)', () => {
  const recordsActions = (grants: readonly { on: string; actions: readonly string[] }[]) =>
    grants.filter((g) => g.on === 'documentRecords').flatMap((g) => g.actions);

  it('lets a completion, and the job that finishes one cut short, GET records/ (ranged reads)', () => {
    for (const grants of [
      PERMISSIONS['partner-complete-document'],
      JOB_PERMISSIONS['release-held-documents'],
    ]) {
      expect(recordsActions(grants)).toEqual(
        expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
      );
      expect(recordsActions(grants)).not.toContain('s3:DeleteObject');
    }
  });

  it('lets a scan hold’s retry copy the kept file to a new records key (document.rescan), nothing more of S3', () => {
    const grants = PERMISSIONS['s3documents/retry'];
    expect(recordsActions(grants).sort()).toEqual([
      's3:AbortMultipartUpload',
      's3:GetObject',
      's3:PutObject',
    ]);
    expect(
      grants.filter(
        (g) =>
          g.on.startsWith('document') && g.on !== 'documentsTable' && g.on !== 'documentRecords',
      ),
    ).toEqual([]);
  });
});

describe('The content check’s allow-list per environment (issue 34)', () => {
  const contentPolicyOf = (fn: { function: IConstruct }) => {
    const environment = props(fn.function).Environment as { Variables: Record<string, unknown> };
    return environment.Variables.DOCUMENT_CONTENT_POLICY;
  };

  it('gives the functions DOCUMENT_CONTENT_POLICY only where the environment narrows it', () => {
    const variant = variantStack().stack;
    const complete = variant.api.functions['partner-complete-document'].function;
    const resource = resourcesAround(complete)[logicalId(variant, complete)];
    const environment = resource?.Properties?.Environment as { Variables: Record<string, unknown> };
    expect(environment.Variables.DOCUMENT_CONTENT_POLICY).toBe('pdf,png');
    expect(contentPolicyOf(stack.jobs.heldDocumentRelease)).toBeUndefined();
    expect(contentPolicyOf(scan.fn)).toBeUndefined();
  });
});
