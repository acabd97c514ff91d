import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';

/**
 * An environment's alarm topic in the scope's region: encrypted with a key of its own that
 * CloudWatch alarms may use (AWS's default SNS key does not let them), published to only by this
 * environment's alarms (`<prefix>-*`) and only over TLS, one e-mail subscription per address.
 * The environment's region has `<prefix>-alarms`; the edge stack (us-east-1) has its own, with
 * the same subscribers, because an alarm notifies topics of its own region only.
 */
export const alarmTopic = (
  scope: Construct,
  o: { namePrefix: string; environmentName: string; emails: readonly string[] },
): { key: kms.Key; topic: sns.Topic } => {
  const stack = Stack.of(scope);
  const key = new kms.Key(scope, 'AlarmTopicKey', {
    description: `Encrypts the notifications of ${o.namePrefix}-alarms`,
    enableKeyRotation: true,
    // It protects notifications in transit through SNS, nothing kept: no reason to keep it.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  });
  // AWS's own SNS key (alias/aws/sns) does not let CloudWatch alarms publish: ours does.
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      // This account's alarms only.
      conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
    }),
  );

  const topic = new sns.Topic(scope, 'AlarmTopic', {
    topicName: `${o.namePrefix}-alarms`,
    displayName: `CCSC ${o.environmentName} alarms`,
    masterKey: key,
    enforceSSL: true,
  });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'OnlyThisEnvironmentsAlarmsPublish',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'cloudwatch',
            resource: 'alarm',
            resourceName: `${o.namePrefix}-*`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        },
      },
    }),
  );
  // E-mail subscriptions as the topic's own property: each address gets SNS's confirmation
  // mail at deployment. (No AWS::SNS::Subscription resources, so no resource per address; an
  // e-mail endpoint has no dead-letter queue worth reading.)
  if (o.emails.length > 0) {
    (topic.node.defaultChild as sns.CfnTopic).subscription = o.emails.map((e) => ({
      protocol: 'email',
      endpoint: e,
    }));
  }
  return { key, topic };
};
