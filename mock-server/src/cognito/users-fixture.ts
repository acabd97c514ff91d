import {
  AdminCreateUserCommand,
  type AdminCreateUserCommandInput,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  type CreateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { User } from 'cognito-local/lib/services/userPoolService.js';
import { pino } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import type { OutgoingMail } from './messages';
import { createPool as createUserPool, startTestCognito, type TestCognito } from './testing';

/**
 * For the user directory tests: cognito-local with the fidelity layer in front, driven by the SDK
 * as the product drives it, with three pools and a web client. Registers its own beforeAll and
 * afterAll; the ids are set once those have run.
 */
export const useUsersCognito = () => {
  let stack: TestCognito | undefined;
  let client: CognitoIdentityProviderClient;
  /** UsernameAttributes ['email']: usernames are subs, the address is an alias. */
  let emailPool = '';
  /** Plain usernames. */
  let namePool = '';
  /** Threat protection on (AdvancedSecurityMode AUDIT). */
  let securePool = '';
  let clientId = '';
  let sent: readonly OutgoingMail[] = [];
  const ctx = { logger: pino({ level: 'silent' }) };
  const PASSWORD = 'Passw0rd-long';

  const running = () => {
    if (!stack) throw new Error('cognito-local is not running');
    return stack.cognito;
  };

  const createPool = (input: Omit<CreateUserPoolCommandInput, 'PoolName'>) =>
    createUserPool(client, { PoolName: 'users', ...input });

  const createUser = (input: Omit<AdminCreateUserCommandInput, 'UserPoolId'>, pool = emailPool) =>
    client.send(
      new AdminCreateUserCommand({ UserPoolId: pool, MessageAction: 'SUPPRESS', ...input }),
    );

  /** A confirmed user with a verified address, created without an invitation. */
  const confirmedUser = async (email: string, attributes: Record<string, string> = {}) => {
    const created = await createUser({
      Username: email,
      UserAttributes: Object.entries({ email_verified: 'true', ...attributes }).map(
        ([Name, Value]) => ({ Name, Value }),
      ),
    });
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: emailPool,
        Username: email,
        Password: PASSWORD,
        Permanent: true,
      }),
    );
    return created.User?.Username ?? '';
  };

  const getUser = (username: string, pool = emailPool) =>
    client.send(new AdminGetUserCommand({ UserPoolId: pool, Username: username }));

  /** cognito-local's stored user (with what the API never shows: password, codes). */
  const storedUser = async (username: string, pool = emailPool): Promise<User | null> =>
    (await running().services.cognito.getUserPool(ctx, pool)).getUserByUsername(ctx, username);

  const meta = async (username: string, pool = emailPool) =>
    (await running().fidelity.store.read(pool)).users[username];

  /** A real sign-in's tokens, issued by the token service (sign-in itself is not under test). */
  const signIn = async (username: string) => {
    const { services, fidelity } = running();
    const pool = await services.cognito.getUserPool(ctx, emailPool);
    const appClient = await services.cognito.getAppClient(ctx, clientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!appClient || !user) throw new Error('no client or user');
    return fidelity.tokens.issueUserTokens(ctx, pool, appClient, user);
  };

  const refreshOrigin = (refreshToken: string | undefined) =>
    running().fidelity.tokens.originOfRefreshToken(emailPool, clientId, refreshToken ?? '');

  const mailsTo = (address: string) => sent.filter((m) => m.to === address);

  beforeAll(async () => {
    // cognito-local's default pool settings make every username an e-mail address; a pool with
    // plain usernames needs that default off (pools asking for e-mail usernames still get them).
    stack = await startTestCognito({ config: { UserPoolDefaults: { UsernameAttributes: [] } } });
    ({ sdk: client, sent } = stack);
    emailPool = await createPool({ UsernameAttributes: ['email'] });
    namePool = await createPool({});
    securePool = await createPool({
      UsernameAttributes: ['email'],
      UserPoolAddOns: { AdvancedSecurityMode: 'AUDIT' },
    });
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: emailPool, ClientName: 'web' }),
    );
    clientId = created.UserPoolClient?.ClientId ?? '';
  });

  afterAll(async () => {
    await stack?.stop();
  });

  return {
    get client() {
      return client;
    },
    get emailPool() {
      return emailPool;
    },
    get namePool() {
      return namePool;
    },
    get securePool() {
      return securePool;
    },
    get clientId() {
      return clientId;
    },
    get sent() {
      return sent;
    },
    ctx,
    PASSWORD,
    running,
    createPool,
    createUser,
    confirmedUser,
    getUser,
    storedUser,
    meta,
    signIn,
    refreshOrigin,
    mailsTo,
  };
};
