import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  type ExplicitAuthFlowsType,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  ResourceNotFoundException,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoPasswordPolicy } from '@ccsc/contract/password-policy';
import { readStackFile, writeStackFile } from './stack-file';

/**
 * The user pool exactly as production has it and its web client: found again through
 * stack.json or by name, created when missing, an older web client given the flows it lacks.
 */

export const POOL_NAME = 'ccsc-local';
export const WEB_CLIENT_NAME = 'ccsc-local-web';

/** The invitation carries the temporary password; the first sign-in asks for a new one. */
export const invitationTemplate = (productName: string) => ({
  EmailSubject: `Your ${productName} invitation`,
  EmailMessage: [
    `<p>You have been invited to the ${productName}.</p>`,
    '<p>Your username is {username} and your temporary password is {####}</p>',
    '<p>Sign in with them: you will be asked to choose a new password and to set up an',
    ' authenticator app. The temporary password expires in 7 days.</p>',
  ].join(''),
  SMSMessage: `Your ${productName} username is {username} and temporary password is {####}`,
});

const poolExists = async (cognito: CognitoIdentityProviderClient, id: string) => {
  try {
    await cognito.send(new DescribeUserPoolCommand({ UserPoolId: id }));
    return true;
  } catch (err) {
    if (err instanceof ResourceNotFoundException) return false;
    throw err;
  }
};

const clientExists = async (cognito: CognitoIdentityProviderClient, pool: string, id: string) => {
  try {
    await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: pool, ClientId: id }));
    return true;
  } catch (err) {
    if (err instanceof ResourceNotFoundException) return false;
    throw err;
  }
};

const createUserPool = async (cognito: CognitoIdentityProviderClient, productName: string) => {
  const created = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: cognitoPasswordPolicy(),
      },
      // Threat protection as the sit environment has it ("full"): auth events are recorded and
      // AdminListUserAuthEvents answers, which the account-lockout call relies on.
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      AccountRecoverySetting: {
        RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
      },
      AdminCreateUserConfig: {
        AllowAdminCreateUserOnly: true,
        InviteMessageTemplate: invitationTemplate(productName),
      },
      Schema: [
        // Unused since the role became the Cognito group alone (issue 12); declared because the
        // deployed pool keeps it (Cognito cannot remove a custom attribute): parity with AWS.
        {
          Name: 'role',
          AttributeDataType: 'String',
          Mutable: true,
          StringAttributeConstraints: { MinLength: '0', MaxLength: '64' },
        },
        {
          Name: 'organisationId',
          AttributeDataType: 'String',
          Mutable: true,
          StringAttributeConstraints: { MinLength: '0', MaxLength: '128' },
        },
      ],
    }),
  );
  const id = created.UserPool?.Id;
  if (id === undefined) throw new Error('CreateUserPool returned no pool id');
  // MFA as in production: optional, authenticator app (TOTP) only, no SMS.
  await cognito.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: id,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  return id;
};

/** As infra's web client: SRP sign-in, refresh, and the server's signature check (issue 16). */
const WEB_CLIENT_FLOWS: ExplicitAuthFlowsType[] = [
  'ALLOW_USER_SRP_AUTH',
  'ALLOW_REFRESH_TOKEN_AUTH',
  'ALLOW_ADMIN_USER_PASSWORD_AUTH',
];

const createWebClient = async (cognito: CognitoIdentityProviderClient, pool: string) => {
  const created = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: pool,
      ClientName: WEB_CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: WEB_CLIENT_FLOWS,
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 1,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    }),
  );
  const id = created.UserPoolClient?.ClientId;
  if (id === undefined) throw new Error('CreateUserPoolClient returned no client id');
  return id;
};

/**
 * A web client kept from an older data folder gets the flows it lacks (the signature check's
 * admin flow came with issue 16); its other settings stay as they are.
 */
const ensureWebClientFlows = async (
  cognito: CognitoIdentityProviderClient,
  pool: string,
  clientId: string,
) => {
  const { UserPoolClient: client } = await cognito.send(
    new DescribeUserPoolClientCommand({ UserPoolId: pool, ClientId: clientId }),
  );
  const flows = client?.ExplicitAuthFlows ?? [];
  if (client === undefined || WEB_CLIENT_FLOWS.every((f) => flows.includes(f))) return;
  await cognito.send(
    new UpdateUserPoolClientCommand({
      UserPoolId: pool,
      ClientId: clientId,
      ClientName: client.ClientName,
      ExplicitAuthFlows: [...new Set([...flows, ...WEB_CLIENT_FLOWS])],
      PreventUserExistenceErrors: client.PreventUserExistenceErrors,
      EnableTokenRevocation: client.EnableTokenRevocation,
      AccessTokenValidity: client.AccessTokenValidity,
      IdTokenValidity: client.IdTokenValidity,
      RefreshTokenValidity: client.RefreshTokenValidity,
      TokenValidityUnits: client.TokenValidityUnits,
    }),
  );
};

/** The pool and client: those stack.json names if they still exist, else found by name, else new. */
export const ensurePoolAndClient = async (
  cognito: CognitoIdentityProviderClient,
  options: { readonly dataDir: string; readonly productName: string },
) => {
  const saved = await readStackFile(options.dataDir);
  let userPoolId = saved && (await poolExists(cognito, saved.userPoolId)) ? saved.userPoolId : '';
  if (userPoolId === '') {
    const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id ?? '';
  }
  const createdPool = userPoolId === '';
  if (createdPool) userPoolId = await createUserPool(cognito, options.productName);

  let userPoolClientId =
    saved?.userPoolId === userPoolId &&
    (await clientExists(cognito, userPoolId, saved.userPoolClientId))
      ? saved.userPoolClientId
      : '';
  if (userPoolClientId === '' && !createdPool) {
    // Every page: the pool holds the credentials' clients too (ListUserPoolClients pages by 60).
    let NextToken: string | undefined;
    do {
      const clients = await cognito.send(
        new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken }),
      );
      userPoolClientId =
        clients.UserPoolClients?.find((c) => c.ClientName === WEB_CLIENT_NAME)?.ClientId ?? '';
      NextToken = userPoolClientId === '' ? clients.NextToken : undefined;
    } while (NextToken !== undefined);
  }
  const createdClient = userPoolClientId === '';
  if (createdClient) userPoolClientId = await createWebClient(cognito, userPoolId);
  else await ensureWebClientFlows(cognito, userPoolId, userPoolClientId);

  if (saved?.userPoolId !== userPoolId || saved.userPoolClientId !== userPoolClientId) {
    await writeStackFile(options.dataDir, { stack: 'ccsc-local', userPoolId, userPoolClientId });
  }
  return { userPoolId, userPoolClientId, createdPool, createdClient };
};
