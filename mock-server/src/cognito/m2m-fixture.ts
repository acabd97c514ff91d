import {
  type CognitoIdentityProviderClient,
  CreateResourceServerCommand,
  type CreateUserPoolClientCommandInput,
  CreateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll } from 'vitest';
import { createPool as createUserPool, startTestCognito, type TestCognito } from './testing';

/**
 * For the machine-to-machine tests: cognito-local with the fidelity layer in front, a pool with
 * the resource server `api` (read, write, admin), and a confidential client allowed
 * client_credentials and two of its scopes. Registers its own beforeAll/afterAll; the fields are
 * set once those have run.
 */
export const useM2mCognito = () => {
  let stack: TestCognito | undefined;
  const started = () => {
    if (stack === undefined) throw new Error('the offline Cognito did not start');
    return stack;
  };
  const m = {
    get stack(): TestCognito {
      return started();
    },
    get sdk(): CognitoIdentityProviderClient {
      return started().sdk;
    },
    get url(): string {
      return started().cognito.url;
    },
    poolId: '',
    /** A confidential client allowed client_credentials and two of the three `api/*` scopes. */
    m2m: { id: '', secret: '' },

    createPool: (name: string) => createUserPool(m.sdk, { PoolName: name }),

    createClient: async (input: Omit<CreateUserPoolClientCommandInput, 'UserPoolId'>) => {
      const created = await m.sdk.send(
        new CreateUserPoolClientCommand({ UserPoolId: m.poolId, ...input }),
      );
      return {
        id: created.UserPoolClient?.ClientId ?? '',
        secret: created.UserPoolClient?.ClientSecret ?? '',
        client: created.UserPoolClient,
      };
    },

    m2mClient: (scopes: string[] = ['api/read', 'api/write']) =>
      m.createClient({
        ClientName: 'machine',
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: scopes,
      }),

    /** POST /oauth2/token as a client would send it: a form, Basic credentials when given. */
    tokenRequest: (
      form: Record<string, string> | string,
      basic?: [string, string],
      init: { method?: string; contentType?: string } = {},
    ) => {
      const headers: Record<string, string> = {
        'content-type': init.contentType ?? 'application/x-www-form-urlencoded',
      };
      if (basic) {
        headers.authorization = `Basic ${Buffer.from(`${basic[0]}:${basic[1]}`).toString('base64')}`;
      }
      const method = init.method ?? 'POST';
      return fetch(`${m.url}/oauth2/token`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD'
          ? {}
          : { body: typeof form === 'string' ? form : new URLSearchParams(form).toString() }),
      });
    },

    errorOf: async (response: Response) => {
      const body: unknown = await response.json();
      return { status: response.status, body };
    },
  };

  beforeAll(async () => {
    stack = await startTestCognito();
    m.poolId = await m.createPool('m2m');
    await m.sdk.send(
      new CreateResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'api',
        Name: 'The API',
        Scopes: [
          { ScopeName: 'read', ScopeDescription: 'Read things' },
          { ScopeName: 'write', ScopeDescription: 'Write things' },
          { ScopeName: 'admin', ScopeDescription: 'Administer things' },
        ],
      }),
    );
    const created = await m.m2mClient();
    m.m2m = { id: created.id, secret: created.secret };
  });

  afterAll(async () => {
    await stack?.stop();
  });

  return m;
};
