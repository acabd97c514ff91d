import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  ListUsersCommand,
  ResourceNotFoundException,
  type ResourceServerType,
  SetUserPoolMfaConfigCommand,
  UpdateResourceServerCommand,
  UpdateUserPoolClientCommand,
  type ExplicitAuthFlowsType,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type AttributeDefinition,
  type AttributeValue,
  BatchWriteItemCommand,
  type CreateTableCommandInput,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  type KeySchemaElement,
  ListTablesCommand,
  type Projection,
  ResourceNotFoundException as TableNotFoundException,
  ScanCommand,
  type TableDescription,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  ListBucketsCommand,
  PutBucketCorsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  API_RESOURCE_SERVER_ID,
  API_RESOURCE_SERVER_NAME,
  API_SCOPES,
} from '@ccsc/contract/partner-api';
import { cognitoPasswordPolicy } from '@ccsc/contract/password-policy';
import * as z from 'zod';
import { readJsonFile, writeFileAtomic } from './services/atomic-file.mjs';
import { LOCAL_CREDENTIALS, REGION } from './services/aws-local';

export const POOL_NAME = 'ccsc-local';
export const WEB_CLIENT_NAME = 'ccsc-local-web';

/** The role groups, one per administrator role (lambdas/src/contract/roles.ts). */
export const ROLE_GROUPS = [
  {
    GroupName: 'PlatformAdmin',
    Description: 'Platform administrators: every organisation, user and API credential.',
    Precedence: 1,
  },
  {
    GroupName: 'OrgAdmin',
    Description: 'Organisation administrators: the users and systems of their own organisation.',
    Precedence: 2,
  },
  {
    GroupName: 'Auditor',
    Description: 'Auditors: read-only access, including the audit trail.',
    Precedence: 3,
  },
] as const;

/** A table keyed the way lambdas/src/data-model.ts declares them. */
export interface KeyedTableDefinition {
  readonly partitionKey: string;
  readonly sortKey?: string;
  readonly indexes?: readonly {
    readonly name: string;
    readonly partitionKey: string;
    readonly sortKey?: string;
  }[];
}

/** A table to have: a CreateTable input as is, or a name plus a keyed definition. */
export type TableSpec =
  CreateTableCommandInput | { name: string; definition: KeyedTableDefinition };

const keySchema = (partitionKey: string, sortKey?: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  ...(sortKey === undefined ? [] : [{ AttributeName: sortKey, KeyType: 'RANGE' as const }]),
];

/** On-demand, string keys, indexes projecting everything: as the CDK data construct declares. */
export const toCreateTableInput = (spec: TableSpec): CreateTableCommandInput => {
  if (!('definition' in spec)) return spec;
  const { partitionKey, sortKey, indexes = [] } = spec.definition;
  const names = new Set([partitionKey, sortKey]);
  for (const index of indexes) names.add(index.partitionKey).add(index.sortKey);
  names.delete(undefined);
  return {
    TableName: spec.name,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...names].map((name) => ({
      AttributeName: String(name),
      AttributeType: 'S' as const,
    })),
    KeySchema: keySchema(partitionKey, sortKey),
    ...(indexes.length > 0
      ? {
          GlobalSecondaryIndexes: indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: keySchema(index.partitionKey, index.sortKey),
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
};

/** What `<dataDir>/stack.json` remembers between starts. `stack` marks the folder as ours. */
const stackFileSchema = z.object({
  stack: z.literal('ccsc-local'),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
});
export type StackFile = z.infer<typeof stackFileSchema>;

export const STACK_FILE = 'stack.json';

/**
 * The folder's stack.json; undefined when there is none. One that is empty or not JSON throws a
 * DamagedFileError, one that is JSON but not ours a plain Error: either way the start stops rather
 * than provisioning a second pool beside the first (or overwriting a file that is not ours).
 */
export const readStackFile = async (dataDir: string): Promise<StackFile | undefined> => {
  const path = join(dataDir, STACK_FILE);
  const saved = await readJsonFile(path, "the offline console's pool and client ids");
  if (saved === undefined) return undefined;
  const parsed = stackFileSchema.safeParse(saved);
  if (!parsed.success) {
    throw new Error(
      `${path} is not the offline console's stack file (${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`)
        .join('; ')}). Is DATA_DIR the console's data folder?`,
    );
  }
  return parsed.data;
};

const writeStackFile = async (dataDir: string, file: StackFile) => {
  await writeFileAtomic(join(dataDir, STACK_FILE), `${JSON.stringify(file, null, 2)}\n`);
};

export interface ProvisionOptions {
  dataDir: string;
  endpoints: { cognito: string; dynamodb: string; s3: string };
  bootstrapAdminEmail: string;
  /** Named in the invitation e-mail. */
  productName: string;
  tables: readonly TableSpec[];
  buckets: readonly string[];
  /** Buckets the browser PUTs to through presigned links: given the CORS rule infra gives them. */
  uploadBuckets?: readonly string[];
  /** Where a table rebuilt for its declared indexes is reported (one line). Default console.log. */
  log?: ProvisionLog;
}

export interface ProvisionResult {
  userPoolId: string;
  userPoolClientId: string;
  /** What this run created; all empty/false on a start where everything was there. */
  created: {
    userPool: boolean;
    userPoolClient: boolean;
    groups: string[];
    tables: string[];
    buckets: string[];
    bootstrapAdmin: boolean;
  };
}

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
const ensurePoolAndClient = async (
  cognito: CognitoIdentityProviderClient,
  options: ProvisionOptions,
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

const ensureGroups = async (cognito: CognitoIdentityProviderClient, pool: string) => {
  const existing = await cognito.send(new ListGroupsCommand({ UserPoolId: pool }));
  const have = new Set(existing.Groups?.map((g) => g.GroupName));
  const missing = ROLE_GROUPS.filter((g) => !have.has(g.GroupName));
  // One at a time: cognito-local rewrites the whole pool file on every change.
  for (const group of missing) {
    await cognito.send(new CreateGroupCommand({ UserPoolId: pool, ...group }));
  }
  return missing.map((g) => g.GroupName);
};

/** The partner API's resource server as the contract declares it (infra's is the same). */
export const partnerResourceServer = () => ({
  Identifier: API_RESOURCE_SERVER_ID,
  Name: API_RESOURCE_SERVER_NAME,
  Scopes: API_SCOPES.map((s) => ({ ScopeName: s.name, ScopeDescription: s.description })),
});

/**
 * The partner API's resource server, with the contract's scopes: created when missing, updated
 * when a data folder made before a scope was added (or reworded) has another, else left alone.
 * An update replaces the scope list; an app client keeps the scopes it was allowed, and one no
 * longer defined simply cannot be granted at the token endpoint.
 */
export const ensureResourceServer = async (
  cognito: CognitoIdentityProviderClient,
  pool: string,
): Promise<'created' | 'updated' | 'unchanged'> => {
  const wanted = { UserPoolId: pool, ...partnerResourceServer() };
  let found: ResourceServerType | undefined;
  try {
    found = (
      await cognito.send(
        new DescribeResourceServerCommand({ UserPoolId: pool, Identifier: wanted.Identifier }),
      )
    ).ResourceServer;
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  if (found === undefined) {
    await cognito.send(new CreateResourceServerCommand(wanted));
    return 'created';
  }
  const same =
    found.Name === wanted.Name &&
    JSON.stringify(
      (found.Scopes ?? []).map((s) => ({
        ScopeName: s.ScopeName,
        ScopeDescription: s.ScopeDescription,
      })),
    ) === JSON.stringify(wanted.Scopes);
  if (same) return 'unchanged';
  await cognito.send(new UpdateResourceServerCommand(wanted));
  return 'updated';
};

/**
 * Invites the bootstrap administrator (the e-mail carries the temporary password) if absent, and
 * puts them in the PlatformAdmin group (the role is the group alone). A start cut short between
 * the two leaves an invited user in no role group: the next start finds them and gives the group;
 * one who has signed in, or has a role group, is left alone.
 */
const ensureBootstrapAdmin = async (
  cognito: CognitoIdentityProviderClient,
  pool: string,
  email: string,
) => {
  const found = await cognito.send(
    new ListUsersCommand({ UserPoolId: pool, Filter: `email = "${email}"`, Limit: 1 }),
  );
  const first = found.Users?.[0];
  const existing = first?.Username;
  if (existing !== undefined) {
    // Only an invitation never taken up is provisioning's own to repair: a user who has signed
    // in and is in no group now may be half-way through a change the console will finish.
    if (first?.UserStatus !== 'FORCE_CHANGE_PASSWORD') return false;
    const groups = await cognito.send(
      new AdminListGroupsForUserCommand({ UserPoolId: pool, Username: existing }),
    );
    if ((groups.Groups ?? []).length === 0) {
      await cognito.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: pool,
          Username: existing,
          GroupName: 'PlatformAdmin',
        }),
      );
    }
    return false;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: pool,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: pool,
      Username: created.User?.Username ?? email,
      GroupName: 'PlatformAdmin',
    }),
  );
  return true;
};

/** Says what provisioning did beyond creating what was missing (a table rebuilt): one line each. */
export type ProvisionLog = (line: string) => void;

/** Where a table being rebuilt is kept meanwhile (ensureTables). */
export const rebuildTableName = (table: string) => `${table}--rebuild`;

type Item = Record<string, AttributeValue>;
type Dynamo = Pick<DynamoDBClient, 'send'>;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Until the table is ACTIVE with its indexes, or gone. dynalite runs with createTableMs and
 * deleteTableMs 0 (a tick); a dynalite of docker-compose's may take its default half second.
 */
const waitForTable = async (dynamodb: Dynamo, name: string, until: 'ACTIVE' | 'GONE') => {
  for (let attempt = 0; ; attempt += 1) {
    let table: TableDescription | undefined;
    try {
      table = (await dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table;
    } catch (err) {
      if (!(err instanceof TableNotFoundException)) throw err;
    }
    if (until === 'GONE' ? table === undefined : isActive(table)) return;
    if (attempt > 500) {
      throw new Error(`Table ${name} did not ${until === 'GONE' ? 'go away' : 'become ACTIVE'}`);
    }
    await delay(20);
  }
};

const isActive = (table: TableDescription | undefined) =>
  table?.TableStatus === 'ACTIVE' &&
  (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE');

const createTable = async (dynamodb: Dynamo, input: CreateTableCommandInput) => {
  await dynamodb.send(new CreateTableCommand(input));
  await waitForTable(dynamodb, String(input.TableName), 'ACTIVE');
};

const deleteTable = async (dynamodb: Dynamo, name: string) => {
  await dynamodb.send(new DeleteTableCommand({ TableName: name }));
  await waitForTable(dynamodb, name, 'GONE');
};

const keysText = (keys: readonly KeySchemaElement[] | undefined) =>
  JSON.stringify((keys ?? []).map((k) => [k.AttributeName, k.KeyType]));

const attributeType = (
  definitions: readonly AttributeDefinition[] | undefined,
  name: string | undefined,
) => definitions?.find((d) => d.AttributeName === name)?.AttributeType;

/** Whether two key schemas name the same attributes, in the same roles, of the same types. */
const sameKeys = (
  want: { keys?: KeySchemaElement[]; types?: AttributeDefinition[] },
  have: { keys?: KeySchemaElement[]; types?: AttributeDefinition[] },
) =>
  keysText(want.keys) === keysText(have.keys) &&
  (want.keys ?? []).every(
    (k) =>
      attributeType(want.types, k.AttributeName) === attributeType(have.types, k.AttributeName),
  );

const projectionText = (projection: Projection | undefined) =>
  JSON.stringify([projection?.ProjectionType, [...(projection?.NonKeyAttributes ?? [])].sort()]);

/**
 * The declared global secondary indexes the table lacks or has otherwise (keys, their types,
 * projection). Indexes it has that are no longer declared do not count: they are left.
 */
export const missingIndexes = (
  declared: CreateTableCommandInput,
  found: TableDescription,
): string[] =>
  (declared.GlobalSecondaryIndexes ?? [])
    .filter((want) => {
      const have = found.GlobalSecondaryIndexes?.find((i) => i.IndexName === want.IndexName);
      return (
        have === undefined ||
        !sameKeys(
          { keys: want.KeySchema, types: declared.AttributeDefinitions },
          { keys: have.KeySchema, types: found.AttributeDefinitions },
        ) ||
        projectionText(have.Projection) !== projectionText(want.Projection)
      );
    })
    .map((index) => String(index.IndexName));

/** Every item of the table, a page at a time, as stored (strongly consistent, as DynamoDB can). */
async function* scanPages(dynamodb: Dynamo, table: string, keyNames?: readonly string[]) {
  const projection =
    keyNames === undefined
      ? {}
      : {
          ProjectionExpression: keyNames.map((_, i) => `#k${String(i)}`).join(', '),
          ExpressionAttributeNames: Object.fromEntries(
            keyNames.map((n, i) => [`#k${String(i)}`, n]),
          ),
        };
  let start: Item | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({
        TableName: table,
        ConsistentRead: true,
        ExclusiveStartKey: start,
        ...projection,
      }),
    );
    yield page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
}

const countItems = async (dynamodb: Dynamo, table: string) => {
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({
        TableName: table,
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
};

/** One BatchWriteItem of up to 25 puts, sent again for what DynamoDB left unprocessed. */
const putBatch = async (dynamodb: Dynamo, table: string, items: readonly Item[]) => {
  let pending: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) {
      if (attempt > 12) {
        throw new Error(`${String(pending.length)} items could not be written to table ${table}`);
      }
      await delay(Math.min(25 * 2 ** attempt, 2000));
    }
    const { UnprocessedItems } = await dynamodb.send(
      new BatchWriteItemCommand({ RequestItems: { [table]: pending } }),
    );
    pending = UnprocessedItems?.[table] ?? [];
  }
};

/** Batches of one scan page written this many at a time. */
const WRITE_CONCURRENCY = 4;

/**
 * Writes into `to` every item of `from` whose key `to` does not have, exactly as scanned (every
 * attribute, byte for byte), then checks `to` holds what it held plus what was written. An item
 * already there stays as it is. Returns how many items `from` has.
 */
const copyMissing = async (
  dynamodb: Dynamo,
  from: string,
  to: string,
  keyNames: readonly string[],
) => {
  const keyOf = (item: Item) => JSON.stringify(keyNames.map((name) => item[name]));
  const there = new Set<string>();
  for await (const page of scanPages(dynamodb, to, keyNames)) {
    for (const item of page) there.add(keyOf(item));
  }
  let scanned = 0;
  let written = 0;
  for await (const page of scanPages(dynamodb, from)) {
    scanned += page.length;
    const missing = page.filter((item) => !there.has(keyOf(item)));
    written += missing.length;
    const batches: Item[][] = [];
    for (let i = 0; i < missing.length; i += 25) batches.push(missing.slice(i, i + 25));
    for (let i = 0; i < batches.length; i += WRITE_CONCURRENCY) {
      await Promise.all(
        batches.slice(i, i + WRITE_CONCURRENCY).map((batch) => putBatch(dynamodb, to, batch)),
      );
    }
  }
  const expected = there.size + written;
  const counted = await countItems(dynamodb, to);
  if (counted !== expected) {
    throw new Error(
      `Copying table ${from} into ${to} left ${String(counted)} items where ${String(expected)} ` +
        `were expected; both tables are kept as they are.`,
    );
  }
  return scanned;
};

/**
 * Gives a table of the data folder the definition declared for it, keeping every item: dynalite
 * takes UpdateTable's new global secondary indexes and ignores them, so the table is copied into
 * `<name>--rebuild` (created without indexes), counted, deleted, created as declared, filled
 * again from the copy, and the copy deleted. Every step can be cut short: the next start finishes
 * the work from what it finds (a copy and no table: the table was deleted, restore it; a copy
 * beside a table already as declared: finish filling it; a copy beside a table not yet rebuilt:
 * complete the copy, then rebuild). A copy never loses an item it holds, and items are only ever
 * added where their key is missing, so no step taken twice changes what a first one wrote.
 */
const rebuildTable = async (
  dynamodb: Dynamo,
  input: CreateTableCommandInput,
  found: TableDescription | undefined,
  missing: readonly string[],
  leftover: boolean,
  log: ProvisionLog,
) => {
  const startedAt = performance.now();
  const name = String(input.TableName);
  const copy = rebuildTableName(name);
  const keyNames = (input.KeySchema ?? []).map((k) => String(k.AttributeName));
  const copyInput: CreateTableCommandInput = {
    TableName: copy,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: input.KeySchema,
    AttributeDefinitions: input.AttributeDefinitions?.filter((d) =>
      keyNames.includes(String(d.AttributeName)),
    ),
  };
  if (leftover) await waitForTable(dynamodb, copy, 'ACTIVE');
  const rebuild = found !== undefined && missing.length > 0;
  if (rebuild) {
    const keyed = { keys: input.KeySchema, types: input.AttributeDefinitions };
    if (!sameKeys(keyed, { keys: found.KeySchema, types: found.AttributeDefinitions })) {
      throw new Error(
        `Table ${name} in the data folder is keyed ${keysText(found.KeySchema)}, not ` +
          `${keysText(input.KeySchema)} as declared, so it cannot be rebuilt with its indexes ` +
          `(${missing.join(', ')}). Run \`npm run reset\` to start afresh.`,
      );
    }
    if (!leftover) await createTable(dynamodb, copyInput);
    await copyMissing(dynamodb, name, copy, keyNames);
    await deleteTable(dynamodb, name);
  }
  if (found === undefined || rebuild) await createTable(dynamodb, input);
  const items = await copyMissing(dynamodb, copy, name, keyNames);
  await deleteTable(dynamodb, copy);
  const took = `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
  const count = `${String(items)} item${items === 1 ? '' : 's'}`;
  log(
    rebuild
      ? `Rebuilt table ${name} with its declared indexes (${missing.join(', ')}): ${count} copied in ${took}.`
      : found === undefined
        ? `Restored table ${name} from ${copy}, left by a rebuild cut short: ${count} in ${took}.`
        : `Finished rebuilding table ${name}, cut short last time: ${count} in ${took}.`,
  );
};

/**
 * The declared tables: each one missing is created; one there is described, and rebuilt when it
 * lacks a declared global secondary index (or has it otherwise), which dynalite cannot add to a
 * table (rebuildTable). Indexes a table has that are no longer declared are left to it. A start
 * where every table is as declared costs one ListTables and one DescribeTable per table.
 */
export const ensureTables = async (
  dynamodb: Dynamo,
  tables: readonly TableSpec[],
  log: ProvisionLog,
): Promise<{ created: string[]; rebuilt: string[] }> => {
  const have = new Set<string>();
  let start: string | undefined;
  do {
    const page = await dynamodb.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    for (const name of page.TableNames ?? []) have.add(name);
    start = page.LastEvaluatedTableName;
  } while (start !== undefined);
  const outcomes = await Promise.all(
    tables.map(toCreateTableInput).map(async (input) => {
      const name = String(input.TableName);
      const leftover = have.has(rebuildTableName(name));
      if (!have.has(name) && !leftover) {
        await createTable(dynamodb, input);
        return { name, outcome: 'created' as const };
      }
      const found = have.has(name)
        ? (await dynamodb.send(new DescribeTableCommand({ TableName: name }))).Table
        : undefined;
      const missing = found === undefined ? [] : missingIndexes(input, found);
      if (missing.length === 0 && !leftover) return { name, outcome: 'unchanged' as const };
      await rebuildTable(dynamodb, input, found, missing, leftover, log);
      return { name, outcome: 'rebuilt' as const };
    }),
  );
  const named = (outcome: string) =>
    outcomes.filter((o) => o.outcome === outcome).map((o) => o.name);
  return { created: named('created'), rebuilt: named('rebuilt') };
};

const ensureBuckets = async (
  s3: S3Client,
  buckets: readonly string[],
  uploadBuckets: readonly string[],
) => {
  const existing = await s3.send(new ListBucketsCommand({}));
  const have = new Set(existing.Buckets?.map((b) => b.Name));
  const missing = buckets.filter((b) => !have.has(b));
  await Promise.all(missing.map((Bucket) => s3.send(new CreateBucketCommand({ Bucket }))));
  // The rule infra gives the documents bucket (lib/constructs/data.ts), on every start: the
  // console's page PUTs a package through a presigned link. Offline the console's origin is not
  // known yet (its port is held later, and a browser may name it localhost or 127.0.0.1), so any
  // origin; the presigned signature is what authorises the PUT, as in AWS.
  await Promise.all(
    uploadBuckets.map((Bucket) =>
      s3.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: { CORSRules: [UPLOAD_CORS_RULE] },
        }),
      ),
    ),
  );
  return missing;
};

/** Browser uploads through presigned links: PUT with the Content-Type the link was signed for. */
export const UPLOAD_CORS_RULE = {
  AllowedMethods: ['PUT'],
  AllowedOrigins: ['*'],
  AllowedHeaders: ['content-type'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3000,
};

/**
 * First-start provisioning, safe on every start: the user pool exactly as production has it, its
 * web client, the role groups, the partner API's resource server, the tables, the buckets and the
 * bootstrap administrator, each created only when missing (the resource server also brought up to
 * the contract's scopes, a table that lacks a declared index rebuilt with it). Goes through the real AWS SDK v3 clients, the API production uses.
 */
export const provision = async (options: ProvisionOptions): Promise<ProvisionResult> => {
  const common = { region: REGION, credentials: LOCAL_CREDENTIALS };
  const cognito = new CognitoIdentityProviderClient({
    ...common,
    endpoint: options.endpoints.cognito,
  });
  const dynamodb = new DynamoDBClient({ ...common, endpoint: options.endpoints.dynamodb });
  const s3 = new S3Client({ ...common, endpoint: options.endpoints.s3, forcePathStyle: true });
  try {
    const identity = async () => {
      const ids = await ensurePoolAndClient(cognito, options);
      const users = async () => {
        const groups = await ensureGroups(cognito, ids.userPoolId);
        const bootstrapAdmin = await ensureBootstrapAdmin(
          cognito,
          ids.userPoolId,
          options.bootstrapAdminEmail,
        );
        return { groups, bootstrapAdmin };
      };
      // The resource server lives in the fidelity layer's store, not the pool file the groups and
      // users rewrite: side by side.
      const [{ groups, bootstrapAdmin }] = await Promise.all([
        users(),
        ensureResourceServer(cognito, ids.userPoolId),
      ]);
      return { ...ids, groups, bootstrapAdmin };
    };
    const [ids, tables, buckets] = await Promise.all([
      identity(),
      ensureTables(dynamodb, options.tables, options.log ?? console.log).then((t) => t.created),
      ensureBuckets(s3, options.buckets, options.uploadBuckets ?? []),
    ]);
    return {
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      created: {
        userPool: ids.createdPool,
        userPoolClient: ids.createdClient,
        groups: ids.groups,
        tables,
        buckets,
        bootstrapAdmin: ids.bootstrapAdmin,
      },
    };
  } finally {
    cognito.destroy();
    dynamodb.destroy();
    s3.destroy();
  }
};
