import { CustomResource, Duration, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct, type IDependable } from 'constructs';
import { INFRA_LAMBDA_DIR } from '../paths';
import { NodeFunction } from './node-function';

export interface MailProps {
  readonly namePrefix: string;
  /** The address the product's own mails come from (one-time links, notices). */
  readonly fromAddress: string;
  /**
   * An SES identity already verified in the account (a domain or the address): used as it is,
   * checked at deployment, and Cognito's mails go through SES too. Absent: an e-mail identity
   * for `fromAddress` is created, and Cognito keeps its own sender.
   */
  readonly verifiedIdentity?: string;
  readonly logRetention: logs.RetentionDays;
}

/**
 * SES sending. A configuration set requires TLS to the receiving server and keeps bounces and
 * complaints on the account's suppression list.
 *
 * - Without `verifiedIdentity` the sender is an SES e-mail identity this stack creates: SES mails a
 *   verification link to that address and sends nothing from it until someone clicks. Cognito's
 *   own mails (invitation, verification, password reset) keep Cognito's sender.
 * - With it, the identity is the account's (verified outside this stack, e.g. a domain with its
 *   DKIM records); the deployment first asks SES whether it is really verified for sending and
 *   fails with instructions if not (`infra/lambda/ses-identity-check.ts`), and only then is the
 *   user pool switched to SES (`cognitoSender`).
 */
export class Mail extends Construct {
  readonly fromAddress: string;
  /** The identity this stack created, when it created one. */
  readonly identity: ses.EmailIdentity | undefined;
  readonly identityArn: string;
  readonly configurationSet: ses.ConfigurationSet;
  /** What ses:SendEmail must be allowed on to send as `fromAddress`. */
  readonly sendResourceArns: readonly string[];
  /** Cognito's SES sender, with what must be deployed before the pool uses it; absent: Cognito's own. */
  readonly cognitoSender: { readonly from: string; readonly after: IDependable } | undefined;

  constructor(scope: Construct, id: string, props: MailProps) {
    super(scope, id);
    this.fromAddress = props.fromAddress;

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `${props.namePrefix}-mail`,
      tlsPolicy: ses.ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    if (props.verifiedIdentity === undefined) {
      this.identity = new ses.EmailIdentity(this, 'Sender', {
        identity: ses.Identity.email(props.fromAddress),
        configurationSet: this.configurationSet,
      });
      this.identityArn = this.identity.emailIdentityArn;
      this.cognitoSender = undefined;
    } else {
      this.identity = undefined;
      this.identityArn = Stack.of(this).formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: props.verifiedIdentity,
      });
      const check = new NodeFunction(this, 'IdentityCheck', {
        functionName: `${props.namePrefix}-deploy-ses-identity-check`,
        description: `Deployment check: SES identity ${props.verifiedIdentity} is verified for sending`,
        entry: `${INFRA_LAMBDA_DIR}/ses-identity-check.ts`,
        environment: {},
        logRetention: props.logRetention,
        timeout: Duration.seconds(30),
        memorySize: 256,
      });
      Validations.of(check).acknowledge({
        id: 'Serverless-LambdaDLQ',
        reason:
          'CloudFormation invokes this deployment check and waits for its answer; when it fails ' +
          'the deployment stops and rolls back, so there is nothing to keep in a queue.',
      });
      check.role.addToPolicy(
        new iam.PolicyStatement({
          sid: 'ReadTheIdentity',
          actions: ['ses:GetEmailIdentity'],
          resources: [this.identityArn],
        }),
      );
      const verified = new CustomResource(this, 'IdentityVerified', {
        serviceToken: check.function.functionArn,
        resourceType: 'Custom::SesIdentityCheck',
        // Should the check die without answering, CloudFormation gives up after this, not an hour.
        serviceTimeout: Duration.minutes(3),
        properties: {
          Identity: props.verifiedIdentity,
          From: props.fromAddress,
          Region: Stack.of(this).region,
        },
      });
      this.cognitoSender = { from: props.fromAddress, after: verified };
    }

    const configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
    this.sendResourceArns = [this.identityArn, configurationSetArn];
  }
}
