import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_SWEEP_METRIC, USER_INDEX_DRIFT_METRIC } from '@ccsc/lambdas/metrics';
import { resourcesOf, sitStack, templateOf, type Resource } from './support/stacks';

const { stack } = sitStack();
/** The jobs are a nested stack of their own (Jobs): their functions, schedules and alarms. */
const template = templateOf(stack.jobs);
const logicalId = (construct: IConstruct) =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

const functionNamed = (name: string) => {
  const found = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).find(
    ([, f]) => f.Properties?.FunctionName === name,
  );
  if (!found) throw new Error(`no function ${name}`);
  return { id: found[0], props: found[1].Properties as Record<string, unknown> };
};

const rules: Resource[] = Object.values(resourcesOf(template, 'AWS::Events::Rule'));
const ruleTargeting = (functionId: string) =>
  rules.find((r) => JSON.stringify(r.Properties?.Targets).includes(`"${functionId}"`))?.Properties;

const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map(
  (a) => a.Properties as Record<string, unknown>,
);
const alarmNamed = (name: string) => alarms.find((a) => a.AlarmName === name);

interface Statement {
  Action: string | string[];
  Effect: string;
  Condition?: { 'ForAllValues:StringLike'?: { 'dynamodb:LeadingKeys'?: string[] } };
}

/** The Allow statements of a role's policy (every role also has the audit table's Deny). */
const allowedBy = (roleConstruct: IConstruct): Statement[] => {
  const roleId = logicalId(roleConstruct);
  const policy = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).find((p) =>
    JSON.stringify(p.Properties?.Roles).includes(`"${roleId}"`),
  );
  const statements = (policy?.Properties?.PolicyDocument as { Statement: Resource[] }).Statement;
  return statements.map((s) => s as unknown as Statement).filter((s) => s.Effect === 'Allow');
};

const poolActionsOf = (roleConstruct: IConstruct) =>
  allowedBy(roleConstruct).flatMap((s) => [s.Action].flat());

/** The partitions each Allow statement that grants dynamodb:DeleteItem is limited to. */
const deletesIn = (roleConstruct: IConstruct) =>
  allowedBy(roleConstruct)
    .filter((s) => [s.Action].flat().includes('dynamodb:DeleteItem'))
    .map((s) => s.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'] ?? ['*']);

describe('Jobs (issue 12): interrupted writes finished, the user index watched', () => {
  it('runs the write reconciler every five minutes, able to take every step of a user write', () => {
    const fn = functionNamed('ccsc-sit-job-reconcile-writes');
    expect(ruleTargeting(fn.id)).toMatchObject({ ScheduleExpression: 'rate(5 minutes)' });
    const actions = poolActionsOf(stack.jobs.writeReconciler.role);
    for (const action of [
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminRemoveUserFromGroup',
      'cognito-idp:AdminDisableUser',
      'cognito-idp:AdminDeleteUser',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]) {
      expect(actions).toContain(action);
    }
    expect(actions).not.toContain('dynamodb:Scan');
    // And every step of a registry write or import (issue 14).
    for (const action of [
      'dynamodb:BatchGetItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:ConditionCheckItem',
    ]) {
      expect(actions).toContain(action);
    }
  });

  it('rebuilds the user index nightly and may read each account’s groups', () => {
    const fn = functionNamed('ccsc-sit-job-rebuild-user-index');
    expect(ruleTargeting(fn.id)).toMatchObject({ ScheduleExpression: 'cron(17 2 * * ? *)' });
    expect(poolActionsOf(stack.jobs.userIndexRebuild.role)).toContain(
      'cognito-idp:AdminListGroupsForUser',
    );
  });

  it('runs the credential job hourly, able to delete clients and secrets but never create them (issue 15)', () => {
    const fn = functionNamed('ccsc-sit-job-credential-expiry');
    expect(ruleTargeting(fn.id)).toMatchObject({ ScheduleExpression: 'rate(1 hour)' });
    // Not retried by Lambda within the hour: a run's notices would be sent again.
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fn.id },
      MaximumRetryAttempts: 0,
    });
    const actions = poolActionsOf(stack.jobs.credentialExpiry.role);
    for (const action of [
      'cognito-idp:DeleteUserPoolClient',
      'cognito-idp:ListUserPoolClientSecrets',
      'cognito-idp:DeleteUserPoolClientSecret',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'ses:SendEmail',
    ]) {
      expect(actions).toContain(action);
    }
    // It ends credentials; it never issues one, never reveals a secret, never removes a record
    // (DeleteItem only on its journal entries, issue 32).
    for (const action of [
      'cognito-idp:CreateUserPoolClient',
      'cognito-idp:AddUserPoolClientSecret',
      'cognito-idp:DescribeUserPoolClient',
      'dynamodb:Scan',
    ]) {
      expect(actions).not.toContain(action);
    }
    expect(deletesIn(stack.jobs.credentialExpiry.role)).toEqual([['JOURNAL']]);
  });

  it('lets the reconciler take every step of every credential write, sweep, and drain the outbox (issue 32)', () => {
    const actions = poolActionsOf(stack.jobs.writeReconciler.role);
    for (const action of [
      'cognito-idp:CreateUserPoolClient',
      'cognito-idp:ListUserPoolClients',
      'cognito-idp:DescribeUserPoolClient',
      'cognito-idp:DeleteUserPoolClient',
      'cognito-idp:AddUserPoolClientSecret',
      'cognito-idp:DeleteUserPoolClientSecret',
      'ses:SendEmail',
    ]) {
      expect(actions).toContain(action);
    }
    expect(alarmNamed('ccsc-sit-credential-clients-disagreed')).toMatchObject({
      Namespace: CREDENTIAL_SWEEP_METRIC.namespace,
      MetricName: CREDENTIAL_SWEEP_METRIC.name,
      Dimensions: [{ Name: CREDENTIAL_SWEEP_METRIC.dimension, Value: 'sit' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('lets the documents’ job finish their interrupted writes (issue 32), then release held ones', () => {
    const fn = functionNamed('ccsc-sit-job-release-held-documents');
    expect(ruleTargeting(fn.id)).toMatchObject({ ScheduleExpression: 'rate(5 minutes)' });
    const actions = poolActionsOf(stack.jobs.heldDocumentRelease.role);
    for (const action of [
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      's3:GetObject',
      's3:PutObject',
    ]) {
      expect(actions).toContain(action);
    }
    // No Cognito, no mail: a document write takes neither.
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('ses:'))).toEqual([]);
    // It deletes nothing but its journal entries.
    expect(deletesIn(stack.jobs.heldDocumentRelease.role)).toEqual([['JOURNAL']]);
  });

  it('runs the document follow-ups every 15 minutes: returns finished, request events appended (issue 35)', () => {
    const fn = functionNamed('ccsc-sit-job-document-follow-ups');
    expect(ruleTargeting(fn.id)).toMatchObject({ ScheduleExpression: 'rate(15 minutes)' });
    const actions = poolActionsOf(stack.jobs.documentFollowUps.role);
    // The journal and the documents read, a return's record written, its audit appended, the
    // events' sequence taken (UpdateItem) and each event put once.
    for (const action of [
      'dynamodb:Query',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]) {
      expect(actions).toContain(action);
    }
    expect(actions.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('ses:'))).toEqual([]);
    expect(deletesIn(stack.jobs.documentFollowUps.role)).toEqual([['JOURNAL']]);
    expect(alarmNamed('ccsc-sit-document-follow-ups-failed')).toMatchObject({
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Threshold: 1,
    });
  });

  it('alarms when the index disagreed with Cognito, and when any job fails', () => {
    expect(alarmNamed('ccsc-sit-user-index-disagreed')).toMatchObject({
      Namespace: USER_INDEX_DRIFT_METRIC.namespace,
      MetricName: USER_INDEX_DRIFT_METRIC.name,
      Dimensions: [{ Name: USER_INDEX_DRIFT_METRIC.dimension, Value: 'sit' }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    for (const name of [
      'ccsc-sit-interrupted-writes-unfinished',
      'ccsc-sit-user-index-rebuild-failed',
      'ccsc-sit-credential-job-failed',
    ]) {
      expect(alarmNamed(name), name).toMatchObject({
        MetricName: 'Errors',
        Namespace: 'AWS/Lambda',
        Threshold: 1,
      });
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      TreatMissingData: Match.exact('notBreaching'),
    });
  });
});
