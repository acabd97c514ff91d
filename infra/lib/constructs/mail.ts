import { Stack } from 'aws-cdk-lib';
import * as ses from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

export interface MailProps {
  readonly namePrefix: string;
  /** The address the product's own mails come from (one-time links, notices). */
  readonly fromAddress: string;
}

/**
 * SES sending for the product's own mails. The sender is an SES e-mail identity: SES mails a
 * verification link to that address when the stack creates it, and sends nothing from it until
 * someone clicks. A configuration set (the identity's default) requires TLS to the receiving
 * server and keeps bounces and complaints on the account's suppression list.
 *
 * Cognito's own mails (invitation, verification, password reset) are not sent from here unless
 * the environment sets mail.cognitoUsesSes: see the Auth construct.
 */
export class Mail extends Construct {
  readonly fromAddress: string;
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  /** What ses:SendEmail must be allowed on to send as `fromAddress`. */
  readonly sendResourceArns: readonly string[];

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

    this.identity = new ses.EmailIdentity(this, 'Sender', {
      identity: ses.Identity.email(props.fromAddress),
      configurationSet: this.configurationSet,
    });

    const configurationSetArn = Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
    this.sendResourceArns = [this.identity.emailIdentityArn, configurationSetArn];
  }
}
