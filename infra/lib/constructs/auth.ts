import { ArnFormat, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { PASSWORD_POLICY, ROLES, type Role } from '@ccsc/contract';
import { API_RESOURCE_SERVER_ID, API_SCOPES } from '@ccsc/contract/partner-api';

/**
 * The scopes machine clients (API credentials) can be given, under the `ccsc-api` resource
 * server: declared once, in the contract (@ccsc/contract/partner-api).
 */
export { API_RESOURCE_SERVER_ID, API_SCOPES };

const GROUP_DESCRIPTIONS: Record<Role, string> = {
  PlatformAdmin: 'Administers the whole platform: users, organisations, credentials, standards',
  OrgAdmin: "Administers the users and credentials of the user's own organisation",
  Auditor: 'Reads everything, changes nothing',
};

export interface AuthProps {
  readonly namePrefix: string;
  readonly productName: string;
  readonly mfa: 'OPTIONAL' | 'REQUIRED';
  readonly tokens: {
    readonly idTokenMinutes: number;
    readonly accessTokenMinutes: number;
    readonly refreshTokenMinutes: number;
  };
  readonly temporaryPasswordDays: number;
  readonly threatProtection: 'full' | 'audit' | 'off';
  readonly bootstrapAdminEmail: string;
  readonly logRetention: logs.RetentionDays;
  /** Prefix of the Cognito domain. */
  readonly domainPrefix: string;
  /**
   * Send Cognito's mails through SES (DEVELOPER) from `from`, as the verified identity (the
   * address itself, or `verifiedDomain`, its domain) with the configuration set; absent:
   * Cognito's own sender.
   */
  readonly sesSender?: {
    readonly from: string;
    readonly verifiedDomain?: string;
    readonly configurationSetName: string;
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.codePointAt(0))};`);

/**
 * Sign-in for the console (SPEC §1, §4, §5, §9): a user pool where administrators sign in with
 * their e-mail address, a password and a TOTP code; the web app client; the Cognito domain and
 * resource server machine clients (API credentials) use; the three role groups; the identity pool
 * of the spec; and the first PlatformAdmin.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  readonly resourceServer: cognito.UserPoolResourceServer;
  readonly identityPoolId: string;
  readonly groups: Readonly<Record<Role, cognito.UserPoolGroup>>;
  /** Cognito's message-delivery errors and (with threat protection) its user auth events. */
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const product = escapeHtml(props.productName);
    const plus = props.threatProtection !== 'off';

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${props.namePrefix}-administrators`,
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      // The e-mail address is the username, so every user has one; it is not marked "required"
      // because Cognito insists that app clients may write every required attribute, and the
      // web client must not change addresses (administrators do, through the API).
      standardAttributes: {
        email: { required: false, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      // organisationId is read by the Lambdas (claims and the user directory); only
      // administrators change it, through the API: the web client may not write it (see
      // writeAttributes below). `role` is no longer used: the role is the Cognito group alone
      // (issue 12). It stays declared because Cognito cannot remove a custom attribute from an
      // existing pool; nothing reads or writes it, and the web client may not even read it.
      customAttributes: {
        role: new cognito.StringAttribute({ mutable: true, minLen: 1, maxLen: 32 }),
        organisationId: new cognito.StringAttribute({ mutable: true, minLen: 0, maxLen: 128 }),
      },
      mfa: props.mfa === 'REQUIRED' ? cognito.Mfa.REQUIRED : cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false, email: false },
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(props.temporaryPasswordDays),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      userInvitation: {
        emailSubject: `Your ${props.productName} account`,
        emailBody:
          `<p>Hello,</p><p>An administrator created your ${product} account.</p>` +
          '<p>Sign in with your e-mail address <strong>{username}</strong> and the temporary ' +
          'password <strong>{####}</strong></p>' +
          `<p>The temporary password expires in ${String(props.temporaryPasswordDays)} day(s). ` +
          'At the first sign-in you choose your own password and set up an authenticator app.</p>',
      },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: `Your ${props.productName} verification code`,
        emailBody:
          `<p>Your ${product} verification code is <strong>{####}</strong></p>` +
          '<p>If you did not ask for it, you can ignore this mail.</p>',
      },
      email: props.sesSender
        ? cognito.UserPoolEmail.withSES({
            fromEmail: props.sesSender.from,
            fromName: props.productName,
            sesRegion: Stack.of(this).region,
            configurationSetName: props.sesSender.configurationSetName,
            ...(props.sesSender.verifiedDomain === undefined
              ? {}
              : { sesVerifiedDomain: props.sesSender.verifiedDomain }),
          })
        : cognito.UserPoolEmail.withCognito(),
      featurePlan: plus ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(props.threatProtection === 'full'
        ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }
        : props.threatProtection === 'audit'
          ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.AUDIT_ONLY }
          : {}),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password policy is the one of SPEC §5/§9: at least 8 characters with upper-case, ' +
          'lower-case letters and digits; symbols are not required, and the web app checks the ' +
          'same rules. A TOTP second factor is enforced for every administrator.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL at the pool by specification (SPEC §1/§9: the first sign-in enrols TOTP ' +
          'through the MFA_SETUP challenge) and is enforced for every administrator by the ' +
          'application and the API, which refuse a user without TOTP.',
      },
    );
    if (!plus) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'This environment runs without the Plus feature plan (threatProtection: off) by its ' +
          'settings; accountLockout has no auth events to count there.',
      });
    }

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      // The /aws/vendedlogs/ prefix lets Cognito's log delivery use a compact resource policy.
      logGroupName: `/aws/vendedlogs/cognito/${props.namePrefix}/user-pool`,
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Cognito wants the log group ARN without the ":*" that the CloudFormation attribute carries.
    const logGroupArn = Stack.of(this).formatArn({
      service: 'logs',
      resource: 'log-group',
      resourceName: this.logGroup.logGroupName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    new cognito.CfnLogDeliveryConfiguration(this, 'LogDelivery', {
      userPoolId: this.userPool.userPoolId,
      logConfigurations: [
        {
          eventSource: 'userNotification',
          logLevel: 'ERROR',
          cloudWatchLogsConfiguration: { logGroupArn },
        },
        // Every sign-in, failed or not, with its risk verdict: what the lockout counts.
        ...(plus
          ? [
              {
                eventSource: 'userAuthEvents',
                logLevel: 'INFO',
                cloudWatchLogsConfiguration: { logGroupArn },
              },
            ]
          : []),
      ],
    });

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `${props.namePrefix}-web`,
      generateSecret: false,
      // Sign-in with SRP only (the web app's Amplify default: the password is proven, never
      // sent), and refresh (CDK always adds ALLOW_REFRESH_TOKEN_AUTH). ADMIN_USER_PASSWORD_AUTH
      // is for the server alone (it needs IAM): the publish-standard function checks an
      // electronic signature's password and authenticator code with it (issue 16); the tokens
      // of such a check never leave the function, and its refresh token is revoked at once.
      authFlows: { userSrp: true, adminUserPassword: true },
      // The console signs in with SRP in its own screens; no hosted UI, no OAuth redirects.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.minutes(props.tokens.idTokenMinutes),
      accessTokenValidity: Duration.minutes(props.tokens.accessTokenMinutes),
      refreshTokenValidity: Duration.minutes(props.tokens.refreshTokenMinutes),
      // Time to finish a sign-in, including scanning the QR code of the TOTP enrolment.
      authSessionValidity: Duration.minutes(10),
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes({
          email: true,
          emailVerified: true,
          givenName: true,
          familyName: true,
          phoneNumber: true,
          phoneNumberVerified: true,
        })
        .withCustomAttributes('organisationId'),
      // A signed-in user may change their own name and phone, never their organisation or
      // e-mail address (those go through the API, by an administrator); a role is a group.
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
        givenName: true,
        familyName: true,
        phoneNumber: true,
      }),
    });

    this.domain = this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });

    this.resourceServer = this.userPool.addResourceServer('ApiResourceServer', {
      identifier: API_RESOURCE_SERVER_ID,
      userPoolResourceServerName: `${props.productName} API`,
      scopes: API_SCOPES.map(
        (s) =>
          new cognito.ResourceServerScope({ scopeName: s.name, scopeDescription: s.description }),
      ),
    });

    const groups = {} as Record<Role, cognito.UserPoolGroup>;
    ROLES.forEach((role, i) => {
      groups[role] = this.userPool.addGroup(`${role}Group`, {
        groupName: role,
        description: GROUP_DESCRIPTIONS[role],
        precedence: i * 10,
      });
    });
    this.groups = groups;

    this.identityPoolId = this.identityPool(props.namePrefix);
    this.bootstrapAdministrator(props.bootstrapAdminEmail, props.logRetention);
  }

  /**
   * The identity pool of SPEC §1 ("an identity pool for temporary credentials"). The console
   * calls only the API and Cognito user-pool endpoints, so its authenticated role is granted
   * nothing: it exists so that the spec's Amplify configuration (identity pool id) resolves and
   * a signed-in user can obtain credentials that can do nothing, rather than an error. No guest
   * identities: unauthenticated access is off and there is no unauthenticated role.
   */
  private identityPool(namePrefix: string): string {
    const pool = new cognito.CfnIdentityPool(this, 'IdentityPool', {
      identityPoolName: `${namePrefix}-console`,
      allowUnauthenticatedIdentities: false,
      allowClassicFlow: false,
      cognitoIdentityProviders: [
        {
          clientId: this.webClient.userPoolClientId,
          providerName: this.userPool.userPoolProviderName,
          serverSideTokenCheck: true,
        },
      ],
    });
    const authenticatedRole = new iam.Role(this, 'IdentityPoolAuthenticatedRole', {
      description: 'Signed-in console users: deliberately no permissions (see Auth.identityPool)',
      assumedBy: new iam.FederatedPrincipal(
        'cognito-identity.amazonaws.com',
        {
          StringEquals: { 'cognito-identity.amazonaws.com:aud': pool.ref },
          'ForAnyValue:StringLike': { 'cognito-identity.amazonaws.com:amr': 'authenticated' },
        },
        'sts:AssumeRoleWithWebIdentity',
      ),
    });
    new cognito.CfnIdentityPoolRoleAttachment(this, 'IdentityPoolRoles', {
      identityPoolId: pool.ref,
      roles: { authenticated: authenticatedRole.roleArn },
    });
    return pool.ref;
  }

  /**
   * The first PlatformAdmin, from the environment's settings: invited by e-mail (Cognito sends
   * the temporary password), then put in the PlatformAdmin group. Idempotent: on every update the
   * same calls run again and an existing user (UsernameExistsException) is left as it is. The
   * user is never deleted by the stack.
   */
  private bootstrapAdministrator(email: string, logRetention: logs.RetentionDays): void {
    const logGroup = new logs.LogGroup(this, 'BootstrapAdminLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const userPoolId = this.userPool.userPoolId;
    const policy = cr.AwsCustomResourcePolicy.fromSdkCalls({
      resources: [this.userPool.userPoolArn],
    });

    const createCall: cr.AwsSdkCall = {
      service: 'CognitoIdentityServiceProvider',
      action: 'AdminCreateUser',
      parameters: {
        UserPoolId: userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      },
      physicalResourceId: cr.PhysicalResourceId.of('bootstrap-administrator'),
      ignoreErrorCodesMatching: 'UsernameExistsException',
      outputPaths: ['User.Username'],
    };
    const create = new cr.AwsCustomResource(this, 'BootstrapAdmin', {
      onCreate: createCall,
      onUpdate: createCall,
      policy,
      installLatestAwsSdk: false,
      memorySize: 256,
      logGroup,
    });

    const groupCall: cr.AwsSdkCall = {
      service: 'CognitoIdentityServiceProvider',
      action: 'AdminAddUserToGroup',
      parameters: { UserPoolId: userPoolId, Username: email, GroupName: 'PlatformAdmin' },
      physicalResourceId: cr.PhysicalResourceId.of('bootstrap-administrator-group'),
    };
    const group = new cr.AwsCustomResource(this, 'BootstrapAdminGroup', {
      onCreate: groupCall,
      onUpdate: groupCall,
      policy,
      installLatestAwsSdk: false,
      memorySize: 256,
      logGroup,
    });
    group.node.addDependency(create, this.groups.PlatformAdmin);
  }
}
