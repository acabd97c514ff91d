import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@ccsc/contract';
import { API_RESOURCE_SERVER_ID, API_SCOPES } from '../lib/constructs/auth';
import { logicalId, resourcesOf, sitStack, variantStack, type Resource } from './support/stacks';

describe('Auth: the user pool', () => {
  const { template, stack } = sitStack();

  it('signs in with the e-mail address; nobody signs themselves up', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
      UsernameConfiguration: { CaseSensitive: false },
    });
  });

  it('has MFA OPTIONAL with TOTP only — no SMS, no e-mail codes (SPEC §1, §9)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const pool = Object.values(resourcesOf(template, 'AWS::Cognito::UserPool'))[0];
    expect(pool?.Properties).not.toHaveProperty('SmsConfiguration');
  });

  it('has the password policy of SPEC §5/§9 and a temporary password that expires', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
          TemporaryPasswordValidityDays: 3,
        },
      },
    });
  });

  it('recovers accounts by e-mail only', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('mails invitations and codes that name the product', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: Match.objectLike({
        InviteMessageTemplate: Match.objectLike({
          EmailSubject: 'Your CCSC Admin Console account',
          EmailMessage: Match.stringLikeRegexp('CCSC Admin Console.*\\{username\\}.*\\{####\\}'),
        }),
      }),
      VerificationMessageTemplate: Match.objectLike({
        EmailSubject: 'Your CCSC Admin Console verification code',
        EmailMessage: Match.stringLikeRegexp('CCSC Admin Console verification code.*\\{####\\}'),
      }),
      // sit is deployed with mail.verifiedIdentity: Cognito sends through SES (deploy-readiness.test.ts).
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER' }),
    });
  });

  it('is protected from deletion and retained with the stack', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('runs threat protection on the Plus plan where the environment allows it', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    const variant = variantStack().template;
    variant.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
    const pool = Object.values(resourcesOf(variant, 'AWS::Cognito::UserPool'))[0];
    expect(pool?.Properties).not.toHaveProperty('UserPoolAddOns');
  });

  it('logs auth events (what the lockout counts) and mail delivery errors', () => {
    template.hasResourceProperties('AWS::Cognito::LogDeliveryConfiguration', {
      LogConfigurations: [
        Match.objectLike({ EventSource: 'userNotification', LogLevel: 'ERROR' }),
        Match.objectLike({
          EventSource: 'userAuthEvents',
          LogLevel: 'INFO',
          CloudWatchLogsConfiguration: {
            // Cognito wants the ARN without the ":*" of the log group's Arn attribute.
            LogGroupArn: {
              'Fn::Join': [
                '',
                [
                  'arn:aws:logs:us-west-2:',
                  { Ref: 'AWS::AccountId' },
                  ':log-group:',
                  { Ref: logicalId(stack, stack.auth.logGroup) },
                ],
              ],
            },
          },
        }),
      ],
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: '/aws/vendedlogs/cognito/ccsc-sit/user-pool',
      RetentionInDays: 90,
    });
    // Without the Plus plan there are no auth events to deliver.
    variantStack().template.hasResourceProperties('AWS::Cognito::LogDeliveryConfiguration', {
      LogConfigurations: [Match.objectLike({ EventSource: 'userNotification' })],
    });
  });

  it('has the custom attributes the Lambdas read, as mutable strings', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'role', AttributeDataType: 'String', Mutable: true }),
        Match.objectLike({ Name: 'organisationId', AttributeDataType: 'String', Mutable: true }),
      ]),
    });
  });

  it('has one group per role of roles.ts', () => {
    const groups = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolGroup')).map(
      (g) => g.Properties?.GroupName,
    );
    expect(groups.sort()).toEqual([...ROLES].sort());
  });

  it('follows the environment: REQUIRED MFA and SES mail where configured', () => {
    variantStack().template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'ON',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: Match.stringLikeRegexp('no-reply@console.example.org'),
      }),
    });
  });
});

describe('Auth: the web app client', () => {
  const { template } = sitStack();

  it("has no secret, SRP and refresh, the server's signature check (admin flow), no OAuth", () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: [
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ],
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  it('hides whether a user exists and can revoke tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  it('issues short-lived ID and access tokens', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      IdTokenValidity: 15,
      AccessTokenValidity: 15,
      RefreshTokenValidity: 480,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('lets a user read but never write their organisation, and not even read custom:role', () => {
    const client = Object.values(resourcesOf(template, 'AWS::Cognito::UserPoolClient'))[0];
    const props = client?.Properties as { ReadAttributes: string[]; WriteAttributes: string[] };
    expect(props.ReadAttributes).toEqual(
      expect.arrayContaining(['custom:organisationId', 'email']),
    );
    // The role is the group (issue 12); the attribute stays in the schema, unused.
    expect(props.ReadAttributes).not.toContain('custom:role');
    expect(props.WriteAttributes.sort()).toEqual(['family_name', 'given_name', 'phone_number']);
  });
});

describe('Auth: machine clients, identity pool, first administrator', () => {
  const { template, stack } = sitStack();

  it('has a Cognito domain and the API resource server with its scopes', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: { 'Fn::Join': ['', ['ccsc-sit-', { Ref: 'AWS::AccountId' }]] },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolResourceServer', {
      Identifier: API_RESOURCE_SERVER_ID,
      Scopes: API_SCOPES.map((s) => ({ ScopeName: s.name, ScopeDescription: s.description })),
    });
  });

  it('has an identity pool without guests whose only role can do nothing', () => {
    template.hasResourceProperties('AWS::Cognito::IdentityPool', {
      AllowUnauthenticatedIdentities: false,
      AllowClassicFlow: false,
    });
    const attachment = Object.values(
      resourcesOf(template, 'AWS::Cognito::IdentityPoolRoleAttachment'),
    )[0];
    const roles = attachment?.Properties?.Roles as Record<string, { 'Fn::GetAtt': string[] }>;
    expect(Object.keys(roles)).toEqual(['authenticated']);
    const roleId = roles.authenticated?.['Fn::GetAtt'][0] ?? '';
    const role = (template.toJSON() as { Resources: Record<string, Resource> }).Resources[roleId];
    expect(role?.Type).toBe('AWS::IAM::Role');
    expect(role?.Properties?.Policies).toBeUndefined();
    expect(role?.Properties?.ManagedPolicyArns).toBeUndefined();
    const attachedPolicies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p.Properties?.Roles).includes(roleId),
    );
    expect(attachedPolicies).toEqual([]);
  });

  it('invites the bootstrap administrator as PlatformAdmin, idempotently', () => {
    const calls = Object.values(resourcesOf(template, 'Custom::AWS')).map((r) => ({
      create: JSON.stringify(r.Properties?.Create),
      update: JSON.stringify(r.Properties?.Update),
    }));
    const create = calls.find((c) => c.create.includes('AdminCreateUser'));
    expect(create).toBeDefined();
    for (const text of [create?.create ?? '', create?.update ?? '']) {
      expect(text).toContain('\\"Username\\":\\"first.admin@acme-trials.com\\"');
      expect(text).toContain('\\"DesiredDeliveryMediums\\":[\\"EMAIL\\"]');
      expect(text).not.toContain('custom:role');
      expect(text).toContain('\\"ignoreErrorCodesMatching\\":\\"UsernameExistsException\\"');
    }
    const group = calls.find((c) => c.create.includes('AdminAddUserToGroup'));
    expect(group?.create).toContain('\\"GroupName\\":\\"PlatformAdmin\\"');
    expect(group?.update).toContain('AdminAddUserToGroup');
  });

  it('adds the administrator to the group only after creating user and group', () => {
    const custom = template.findResources('Custom::AWS');
    const [groupCallId] = Object.entries(custom).find(([, r]) =>
      JSON.stringify(r).includes('AdminAddUserToGroup'),
    ) ?? [''];
    const [createCallId] = Object.entries(custom).find(([, r]) =>
      JSON.stringify(r).includes('AdminCreateUser'),
    ) ?? [''];
    const dependsOn = (custom[groupCallId] as { DependsOn: string[] }).DependsOn;
    expect(dependsOn).toEqual(
      expect.arrayContaining([createCallId, logicalId(stack, stack.auth.groups.PlatformAdmin)]),
    );
  });

  it('lets the bootstrap calls do exactly that, on the pool', () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [
          {
            Action: 'cognito-idp:AdminCreateUser',
            Effect: 'Allow',
            Resource: { 'Fn::GetAtt': [logicalId(stack, stack.auth.userPool), 'Arn'] },
          },
        ],
      },
    });
  });
});
