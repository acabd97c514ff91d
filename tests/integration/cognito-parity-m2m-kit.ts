/**
 * The machine-to-machine parity files' pool (cognito-parity-m2m, cognito-parity-m2m-tokens): a
 * test pool with the API's resource server, a client with a secret and a client_credentials
 * client. Each file sets up its own (`beforeAll(setUpM2m)`).
 */
import {
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { expect, inject } from 'vitest';
import { cognito, createTestPool, type TestPool } from '../support/aws';

export const c = inject('console');
export const idp = cognito(c);

export const API = 'parity-api';

export let pool: TestPool;
/** A client with a secret for the user flows (no OAuth). */
export let secretClient: { id: string; secret: string };
/** A client with a secret allowed client_credentials with the API's read and write scopes. */
export let m2mClient: { id: string; secret: string };

export const setUpM2m = async (): Promise<void> => {
  pool = await createTestPool(idp, { name: 'm2m' });
  await idp.send(
    new CreateResourceServerCommand({
      UserPoolId: pool.userPoolId,
      Identifier: API,
      Name: 'Parity API',
      Scopes: [
        { ScopeName: 'read', ScopeDescription: 'read things' },
        { ScopeName: 'write', ScopeDescription: 'write things' },
        { ScopeName: 'admin', ScopeDescription: 'not granted to the client' },
      ],
    }),
  );
  const users = await idp.send(
    new CreateUserPoolClientCommand({
      UserPoolId: pool.userPoolId,
      ClientName: 'parity-secret',
      GenerateSecret: true,
      ExplicitAuthFlows: [
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ],
      PreventUserExistenceErrors: 'ENABLED',
    }),
  );
  const machines = await idp.send(
    new CreateUserPoolClientCommand({
      UserPoolId: pool.userPoolId,
      ClientName: 'parity-m2m',
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: [`${API}/read`, `${API}/write`],
    }),
  );
  secretClient = {
    id: users.UserPoolClient?.ClientId ?? '',
    secret: users.UserPoolClient?.ClientSecret ?? '',
  };
  m2mClient = {
    id: machines.UserPoolClient?.ClientId ?? '',
    secret: machines.UserPoolClient?.ClientSecret ?? '',
  };
  expect(secretClient.secret).not.toBe('');
  expect(m2mClient.secret).not.toBe('');
};
