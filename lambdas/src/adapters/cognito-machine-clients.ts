import type { ApiScope } from '@ccsc/contract/partner-api';
import type { MachineClients } from '../core/ports/machine-clients';
import { type CognitoAccess, type CognitoSource, cognitoAccess } from './clients/cognito';

/** An access token lives an hour; revocation does not wait for it (the partner API checks). */
const ACCESS_TOKEN_MINUTES = 60;

/** ListUserPoolClients' largest page. */
const LIST_PAGE = 60;

const isGone = (err: unknown): boolean =>
  err instanceof Error && err.name === 'ResourceNotFoundException';

/**
 * API credentials' clients in the user pool: confidential app clients with the client_credentials
 * grant only and exactly the credential's scopes; no user sign-in flow, no refresh token.
 */
export class CognitoMachineClients implements MachineClients {
  private readonly cognito: CognitoAccess;

  constructor(
    client: CognitoSource,
    private readonly userPoolId: string,
  ) {
    this.cognito = cognitoAccess(client);
  }

  async create(name: string, scopes: readonly ApiScope[]): Promise<{ clientId: string }> {
    const { client, sdk } = await this.cognito();
    const out = await client.send(
      new sdk.CreateUserPoolClientCommand({
        UserPoolId: this.userPoolId,
        ClientName: name,
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: [...scopes],
        SupportedIdentityProviders: ['COGNITO'],
        AccessTokenValidity: ACCESS_TOKEN_MINUTES,
        TokenValidityUnits: { AccessToken: 'minutes' },
      }),
    );
    const clientId = out.UserPoolClient?.ClientId;
    if (clientId === undefined)
      throw new Error('CreateUserPoolClient answered without a client id');
    return { clientId };
  }

  async list(prefix: string): Promise<{ clientId: string; name: string }[]> {
    const { client, sdk } = await this.cognito();
    const found: { clientId: string; name: string }[] = [];
    let NextToken: string | undefined;
    do {
      const out = await client.send(
        new sdk.ListUserPoolClientsCommand({
          UserPoolId: this.userPoolId,
          MaxResults: LIST_PAGE,
          NextToken,
        }),
      );
      for (const c of out.UserPoolClients ?? []) {
        if (c.ClientId !== undefined && c.ClientName?.startsWith(prefix) === true) {
          found.push({ clientId: c.ClientId, name: c.ClientName });
        }
      }
      NextToken = out.NextToken;
    } while (NextToken !== undefined);
    return found;
  }

  async exists(clientId: string): Promise<boolean> {
    const { client, sdk } = await this.cognito();
    try {
      await client.send(
        new sdk.DescribeUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: clientId }),
      );
      return true;
    } catch (err) {
      if (isGone(err)) return false;
      throw err;
    }
  }

  async originalSecret(clientId: string): Promise<string> {
    const { client, sdk } = await this.cognito();
    const out = await client.send(
      new sdk.DescribeUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: clientId }),
    );
    const secret = out.UserPoolClient?.ClientSecret;
    if (secret === undefined) throw new Error(`the app client ${clientId} has no original secret`);
    return secret;
  }

  async secretIds(clientId: string): Promise<string[]> {
    const { client, sdk } = await this.cognito();
    const out = await client.send(
      new sdk.ListUserPoolClientSecretsCommand({ UserPoolId: this.userPoolId, ClientId: clientId }),
    );
    return (out.ClientSecrets ?? []).flatMap((s) =>
      s.ClientSecretId === undefined ? [] : [s.ClientSecretId],
    );
  }

  async addSecret(clientId: string): Promise<{ secretId: string; value: string }> {
    const { client, sdk } = await this.cognito();
    const out = await client.send(
      new sdk.AddUserPoolClientSecretCommand({ UserPoolId: this.userPoolId, ClientId: clientId }),
    );
    const secretId = out.ClientSecretDescriptor?.ClientSecretId;
    const value = out.ClientSecretDescriptor?.ClientSecretValue;
    if (secretId === undefined || value === undefined) {
      throw new Error('AddUserPoolClientSecret answered without the new secret');
    }
    return { secretId, value };
  }

  async deleteSecret(clientId: string, secretId: string): Promise<void> {
    const { client, sdk } = await this.cognito();
    try {
      await client.send(
        new sdk.DeleteUserPoolClientSecretCommand({
          UserPoolId: this.userPoolId,
          ClientId: clientId,
          ClientSecretId: secretId,
        }),
      );
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  }

  async delete(clientId: string): Promise<boolean> {
    const { client, sdk } = await this.cognito();
    try {
      await client.send(
        new sdk.DeleteUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: clientId }),
      );
      return true;
    } catch (err) {
      if (!isGone(err)) throw err;
      return false;
    }
  }
}
