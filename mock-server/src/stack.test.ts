import { cognitoPasswordPolicy } from '@ccsc/contract/password-policy';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  DeleteUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserPoolMfaConfigCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { LOCAL_CREDENTIALS } from './services/aws-local';
import { type StackInfo, startStack } from './stack';
import { srpSignIn } from './cognito/srp-sign-in';
import { ADMIN, createAndSignIn, inbox, options, waitForMail } from './stack-test-support';

describe('the offline stack', () => {
  let dataDir = '';
  let stack: StackInfo;
  const clients = {
    cognito: undefined as CognitoIdentityProviderClient | undefined,
  };
  const cognito = () => {
    clients.cognito ??= new CognitoIdentityProviderClient({
      region: stack.region,
      endpoint: stack.endpoints.cognito,
      credentials: LOCAL_CREDENTIALS,
    });
    return clients.cognito;
  };
  const restart = async () => {
    await stack.stop();
    clients.cognito?.destroy();
    clients.cognito = undefined;
    stack = await startStack(options(dataDir));
    return stack;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-stack-'));
    stack = await startStack(options(dataDir));
    console.info('startStack on a fresh folder (ms):', stack.timings);
  });

  afterAll(async () => {
    clients.cognito?.destroy();
    await stack.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('listens on the ports it reports, on the loopback; Cognito named localhost, as the console', () => {
    expect(stack.region).toBe('us-west-2');
    // Its URLs reach partner systems (token URL, issuer): the host the console's URL names.
    for (const url of [stack.endpoints.cognito, stack.endpoints.mailUi]) {
      expect(url).toMatch(/^http:\/\/localhost:[1-9]\d*$/);
    }
    for (const url of [stack.endpoints.dynamodb, stack.endpoints.s3]) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    }
    expect(stack.endpoints.smtp.port).toBeGreaterThan(0);
    expect(stack.issuer).toBe(`${stack.endpoints.cognito}/${stack.userPoolId}`);
    expect(stack.jwksUrl).toBe(`${stack.issuer}/.well-known/jwks.json`);
  });

  it('provisions the user pool as production has it', async () => {
    const { UserPool: pool } = await cognito().send(
      new DescribeUserPoolCommand({ UserPoolId: stack.userPoolId }),
    );
    expect(pool).toMatchObject({
      Name: 'ccsc-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      MfaConfiguration: 'OPTIONAL',
      Policies: {
        PasswordPolicy: cognitoPasswordPolicy(),
      },
      AdminCreateUserConfig: {
        AllowAdminCreateUserOnly: true,
        InviteMessageTemplate: { EmailSubject: 'Your CCSC Admin Console invitation' },
      },
    });
    const message = pool?.AdminCreateUserConfig?.InviteMessageTemplate?.EmailMessage ?? '';
    expect(message).toContain('{username}');
    expect(message).toContain('{####}');
    const custom = pool?.SchemaAttributes?.filter((a) => a.Name?.startsWith('custom:'));
    expect(custom?.map((a) => [a.Name, a.AttributeDataType, a.Mutable])).toEqual([
      ['custom:role', 'String', true],
      ['custom:organisationId', 'String', true],
    ]);

    const mfa = await cognito().send(
      new GetUserPoolMfaConfigCommand({ UserPoolId: stack.userPoolId }),
    );
    expect(mfa.MfaConfiguration).toBe('OPTIONAL');
    expect(mfa.SoftwareTokenMfaConfiguration).toEqual({ Enabled: true });
    expect(mfa.SmsMfaConfiguration?.SmsConfiguration).toBeUndefined();
  });

  it('provisions the web client: no secret, SRP + refresh, token lifetimes', async () => {
    const { UserPoolClient: client } = await cognito().send(
      new DescribeUserPoolClientCommand({
        UserPoolId: stack.userPoolId,
        ClientId: stack.userPoolClientId,
      }),
    );
    expect(client?.ClientSecret).toBeUndefined();
    expect(client).toMatchObject({
      ExplicitAuthFlows: [
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
        'ALLOW_ADMIN_USER_PASSWORD_AUTH',
      ],
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 1,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    });
  });

  it('provisions the three role groups', async () => {
    const { Groups } = await cognito().send(
      new ListGroupsCommand({ UserPoolId: stack.userPoolId }),
    );
    expect(Groups?.map((g) => g.GroupName).sort()).toEqual([
      'Auditor',
      'OrgAdmin',
      'PlatformAdmin',
    ]);
    for (const group of Groups ?? []) expect(group.Description).not.toBe('');
  });

  it('provisions the tables and buckets it was given', async () => {
    const dynamodb = new DynamoDBClient({
      region: stack.region,
      endpoint: stack.endpoints.dynamodb,
      credentials: LOCAL_CREDENTIALS,
    });
    const s3 = new S3Client({
      region: stack.region,
      endpoint: stack.endpoints.s3,
      credentials: LOCAL_CREDENTIALS,
      forcePathStyle: true,
    });
    try {
      const { TableNames } = await dynamodb.send(new ListTablesCommand({}));
      expect(TableNames).toEqual(['ccsc-test-main', 'ccsc-test-raw']);
      const { Table } = await dynamodb.send(
        new DescribeTableCommand({ TableName: 'ccsc-test-main' }),
      );
      expect(Table).toMatchObject({
        TableStatus: 'ACTIVE',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      });
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(['gsi1']);
      const { Buckets } = await s3.send(new ListBucketsCommand({}));
      expect(Buckets?.map((b) => b.Name).sort()).toEqual([
        'ccsc-test-artifacts-local',
        'ccsc-test-documents-local',
      ]);
    } finally {
      dynamodb.destroy();
      s3.destroy();
    }
  });

  it('invites the bootstrap administrator: the invitation with a working temporary password is in the inbox', async () => {
    const { Users } = await cognito().send(
      new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${ADMIN}"` }),
    );
    expect(Users).toHaveLength(1);
    const admin = Users?.[0];
    expect(admin?.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    const attributes = Object.fromEntries(
      (admin?.Attributes ?? []).map((a): [string, string | undefined] => [a.Name ?? '', a.Value]),
    );
    expect(attributes).toMatchObject({
      email: ADMIN,
      email_verified: 'true',
    });
    // The role is the group alone.
    expect(attributes).not.toHaveProperty('custom:role');
    // By the stored username (the sub): cognito-local's AdminListGroupsForUser matches group
    // members against the name given, so an e-mail alias finds no groups (a cognito-local bug).
    const { Groups } = await cognito().send(
      new AdminListGroupsForUserCommand({
        UserPoolId: stack.userPoolId,
        Username: admin?.Username ?? '',
      }),
    );
    expect(Groups?.map((g) => g.GroupName)).toEqual(['PlatformAdmin']);

    const mails = await waitForMail(stack, 1);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('Your CCSC Admin Console invitation');
    expect(mail?.from.map((a) => a.address)).toEqual(['no-reply@ccsc.local']);
    expect(mail?.to.map((a) => a.address)).toEqual([ADMIN]);
    const temporary = /temporary password is (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain(`Your username is ${ADMIN}`);
    expect(temporary).not.toBe('');

    // The temporary password is the stored one: it leads to the new-password challenge, a wrong
    // one does not (SRP, as the web app signs in).
    const signIn = (password: string) =>
      srpSignIn(cognito(), {
        userPoolId: stack.userPoolId,
        clientId: stack.userPoolClientId,
        username: ADMIN,
        password,
      });
    await expect(signIn(`${temporary}-wrong`)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn(temporary)).resolves.toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
    });
  });

  it('issues tokens that verify against its discovery document and JWKS (the real port, not 9229)', async () => {
    const discovery = z
      .object({ issuer: z.string(), jwks_uri: z.string() })
      .parse(
        await (
          await fetch(
            `${stack.endpoints.cognito}/${stack.userPoolId}/.well-known/openid-configuration`,
          )
        ).json(),
      );
    expect(discovery).toEqual({ issuer: stack.issuer, jwks_uri: stack.jwksUrl });

    const email = 'token-check@example.com';
    const password = 'Token-check-1';
    const auth = await createAndSignIn(cognito(), stack, email, password);
    const { payload } = await jwtVerify(
      auth.AuthenticationResult?.IdToken ?? '',
      createRemoteJWKSet(new URL(discovery.jwks_uri)),
      { issuer: discovery.issuer, audience: stack.userPoolClientId },
    );
    expect(payload).toMatchObject({ token_use: 'id', email });
  });

  it('pages ListUsers through the SDK: 130 more users, Limit 60', async () => {
    const { Users: before = [] } = await cognito().send(
      new ListUsersCommand({ UserPoolId: stack.userPoolId }),
    );
    for (let i = 0; i < 130; i += 1) {
      await cognito().send(
        new AdminCreateUserCommand({
          UserPoolId: stack.userPoolId,
          Username: `paged-${String(i).padStart(3, '0')}@example.com`,
          MessageAction: 'SUPPRESS',
        }),
      );
    }
    const total = before.length + 130;
    const pages: string[][] = [];
    let token: string | undefined;
    do {
      const answer = await cognito().send(
        new ListUsersCommand({ UserPoolId: stack.userPoolId, Limit: 60, PaginationToken: token }),
      );
      pages.push((answer.Users ?? []).map((u) => u.Username ?? ''));
      token = answer.PaginationToken;
    } while (token !== undefined);
    expect(pages.map((p) => p.length)).toEqual([60, 60, total - 120]);
    expect(new Set(pages.flat()).size).toBe(total);
  });

  it('signs a user out everywhere with AdminUserGlobalSignOut', async () => {
    const email = 'signed-out@example.com';
    const password = 'Signed-out-1';
    const auth = await createAndSignIn(cognito(), stack, email, password);
    const refresh = () =>
      cognito().send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: auth.AuthenticationResult?.RefreshToken ?? '' },
        }),
      );
    await expect(refresh()).resolves.toBeDefined();
    await cognito().send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: stack.userPoolId, Username: email }),
    );
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('keeps the pool, the client, the users and the inbox across a restart, and invites nobody twice', async () => {
    const first = { pool: stack.userPoolId, client: stack.userPoolClientId };
    await restart();
    console.info('startStack on a provisioned folder (ms):', stack.timings);
    expect({ pool: stack.userPoolId, client: stack.userPoolClientId }).toEqual(first);
    expect(stack.provisioned).toEqual({
      userPool: false,
      userPoolClient: false,
      groups: [],
      tables: [],
      buckets: [],
      bootstrapAdmin: false,
    });
    const mails = await inbox(stack);
    expect(mails.map((m) => m.subject)).toEqual(['Your CCSC Admin Console invitation']);
    const { Users } = await cognito().send(
      new ListUsersCommand({
        UserPoolId: stack.userPoolId,
        Filter: 'email = "signed-out@example.com"',
      }),
    );
    expect(Users).toHaveLength(1);
  });

  it('provisions again when the pool stack.json names is gone', async () => {
    const gone = stack.userPoolId;
    await cognito().send(new DeleteUserPoolCommand({ UserPoolId: gone }));
    await restart();
    expect(stack.userPoolId).not.toBe(gone);
    expect(stack.provisioned).toMatchObject({
      userPool: true,
      userPoolClient: true,
      bootstrapAdmin: true,
    });
    const saved = z
      .object({ userPoolId: z.string(), userPoolClientId: z.string() })
      .parse(JSON.parse(await readFile(join(dataDir, 'stack.json'), 'utf8')));
    expect(saved).toEqual({
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
    });
    // The new pool's administrator got an invitation of their own.
    expect(await waitForMail(stack, 2)).toHaveLength(2);
  });

  it('refuses to start on an emptied user-pool file instead of inviting a fresh administrator', async () => {
    const poolFile = join(dataDir, 'cognito', 'db', `${stack.userPoolId}.json`);
    const stackFile = await readFile(join(dataDir, 'stack.json'), 'utf8');
    const mails = async () =>
      (await readdir(join(dataDir, 'mail'))).filter((f) => f.endsWith('.eml')).length;
    await stack.stop();
    const mailed = await mails();
    // What a kill between cognito-local's truncate and its write used to leave.
    await writeFile(poolFile, '');

    const restarted = startStack(options(dataDir));
    restarted.then(
      (started) => {
        stack = started; // stopped by afterAll, should it start after all
      },
      () => undefined,
    );
    const error = await restarted.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain(`${poolFile} (`);
    expect(message).toContain('is empty');
    expect(message).toContain('run `npm run reset` to start afresh');
    // Nothing was provisioned over it: the file is as found, stack.json and the inbox unchanged.
    expect(await readFile(poolFile, 'utf8')).toBe('');
    expect(await readFile(join(dataDir, 'stack.json'), 'utf8')).toBe(stackFile);
    expect(await mails()).toBe(mailed);
  });
});
