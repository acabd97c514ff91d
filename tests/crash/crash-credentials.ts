import { randomUUID } from 'node:crypto';
import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  ListUserPoolClientSecretsCommand,
  ListUserPoolClientsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { callApi } from '../support/api';
import { cognito, mailTo } from '../support/aws';
import { partnerToken } from '../support/oauth';
import { type CrashConsole, MAIN_TABLE } from './crash-console';

/**
 * What the credential crash tests do and look at (issue 32): the calls as the console's pages and
 * a contact's browser make them, the records, clients and mails as they really are, and the
 * invariants every restart must find — no write left in the journal, no mail left in the outbox,
 * no Cognito client of ours without its credential, no live credential without its client, no
 * link mail for a credential that does not exist.
 */

export const SCOPE = 'ccsc-api/system.read';
export const CLIENT_PREFIX = 'ccsc-credential-';

export interface StoredCredential {
  apiId: string;
  clientId: string;
  status: string;
  revision: number;
  contactEmail: string;
  validUntil: string;
  rotation: { retiresAt: string | null; revealedAt: string | null } | null;
  noticesSent: string[];
  link: unknown;
}

export interface Answer {
  status: number;
  data: Record<string, unknown> | undefined;
}

const answerOf = (res: { status: number; body: unknown }): Answer => ({
  status: res.status,
  data: (res.body as { data?: Record<string, unknown> }).data,
});

export class Credentials {
  constructor(
    private readonly console: CrashConsole,
    private readonly admin: { idToken: string },
    readonly systemId: string,
  ) {}

  private get c() {
    return this.console.info;
  }

  issue = async (contact: string, requestKey: string): Promise<Answer> =>
    answerOf(
      await callApi(this.c, 'generateApiCredential', {
        token: this.admin.idToken,
        body: {
          systemId: this.systemId,
          scopes: [SCOPE],
          // The end of a day, as the console's form asks it: the same for a repeat.
          expiresAt: `${new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)}T23:59:59.000Z`,
          contactEmail: contact,
          requestKey,
        },
      }),
    );

  resend = async (apiId: string, revision: number): Promise<Answer> =>
    answerOf(
      await callApi(this.c, 'resendApiCredential', {
        token: this.admin.idToken,
        body: { apiId, revision },
      }),
    );

  retire = async (apiId: string, revision: number): Promise<Answer> =>
    answerOf(
      await callApi(this.c, 'retire-api-credential-secret', {
        token: this.admin.idToken,
        body: { apiId, revision },
      }),
    );

  revoke = async (apiId: string, revision: number): Promise<Answer> =>
    answerOf(
      await callApi(this.c, 'deleteApiCredential', {
        token: this.admin.idToken,
        body: { apiId, revision },
      }),
    );

  reveal = async (link: { apiId: string; token: string }): Promise<Answer> =>
    answerOf(await callApi(this.c, 'decription', { body: link }));

  /** The links mailed to `contact`, oldest first. */
  links = async (contact: string): Promise<{ apiId: string; token: string }[]> =>
    (await mailTo(this.c, contact)).flatMap((m) => {
      const found = /\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(m.text);
      return found?.[1] === undefined || found[2] === undefined
        ? []
        : [{ apiId: decodeURIComponent(found[1]), token: found[2] }];
    });

  /** The newest link to `contact`, waiting a moment for the mail (SMTP is asynchronous). */
  newestLink = async (contact: string, atLeast = 1): Promise<{ apiId: string; token: string }> => {
    for (let i = 0; i < 100; i += 1) {
      const links = await this.links(contact);
      const newest = links.at(-1);
      if (links.length >= atLeast && newest !== undefined) return newest;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no link mail (${String(atLeast)}) to ${contact}`);
  };

  records = async (): Promise<StoredCredential[]> =>
    (await this.console.partition('CREDENTIAL')) as unknown as StoredCredential[];

  record = async (apiId: string): Promise<StoredCredential | undefined> =>
    (await this.records()).find((r) => r.apiId === apiId);

  byContact = async (contact: string): Promise<StoredCredential[]> =>
    (await this.records()).filter((r) => r.contactEmail === contact);

  /** Every Cognito app client of ours (named after a credential). */
  clients = async (): Promise<{ clientId: string; name: string }[]> => {
    const idp = cognito(this.c);
    const found: { clientId: string; name: string }[] = [];
    let NextToken: string | undefined;
    do {
      const page = await idp.send(
        new ListUserPoolClientsCommand({
          UserPoolId: this.c.userPoolId,
          MaxResults: 60,
          NextToken,
        }),
      );
      for (const client of page.UserPoolClients ?? []) {
        if (
          client.ClientName?.startsWith(CLIENT_PREFIX) === true &&
          client.ClientId !== undefined
        ) {
          found.push({ clientId: client.ClientId, name: client.ClientName });
        }
      }
      NextToken = page.NextToken;
    } while (NextToken !== undefined);
    return found;
  };

  secretsOf = async (clientId: string): Promise<number> =>
    (
      await cognito(this.c).send(
        new ListUserPoolClientSecretsCommand({ UserPoolId: this.c.userPoolId, ClientId: clientId }),
      )
    ).ClientSecrets?.length ?? 0;

  /** A Cognito client named like ours that no credential names (as a crash before the journal left). */
  orphanClient = async (): Promise<{ clientId: string; apiId: string }> => {
    const apiId = `orphan-${randomUUID()}`;
    const made = await cognito(this.c).send(
      new CreateUserPoolClientCommand({
        UserPoolId: this.c.userPoolId,
        ClientName: `${CLIENT_PREFIX}${apiId}`,
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: [SCOPE],
      }),
    );
    return { clientId: made.UserPoolClient?.ClientId ?? '', apiId };
  };

  deleteClient = async (clientId: string): Promise<void> => {
    await cognito(this.c).send(
      new DeleteUserPoolClientCommand({ UserPoolId: this.c.userPoolId, ClientId: clientId }),
    );
  };

  /** Changes a stored credential behind the console's back (what time would do: an expiry near). */
  patch = async (apiId: string, values: Record<string, unknown>): Promise<void> => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: this.c.region,
        endpoint: this.c.dynamodbEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const names = Object.keys(values);
    try {
      await client.send(
        new UpdateCommand({
          TableName: MAIN_TABLE,
          Key: { pk: 'CREDENTIAL', sk: apiId },
          UpdateExpression: `SET ${names.map((_, i) => `#n${String(i)} = :v${String(i)}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${String(i)}`, n])),
          ExpressionAttributeValues: Object.fromEntries(
            names.map((n, i) => [`:v${String(i)}`, values[n]]),
          ),
        }),
      );
    } finally {
      client.destroy();
    }
  };

  /** `action` audited exactly once, a success, about the credential `apiId` (`step`: at which kill). */
  auditedOnce = async (action: string, apiId: string, step?: string): Promise<void> => {
    expect(await this.audited(action, apiId), step).toEqual({ success: 1, failure: 0 });
  };

  /** The audit records of `action` about the credential `apiId`: successes and failures. */
  audited = async (
    action: string,
    apiId: string,
  ): Promise<{ success: number; failure: number }> => {
    const res = await callApi(this.c, 'list-audit-records', {
      token: this.admin.idToken,
      body: { action, target: apiId, limit: 100 },
    });
    const records = (
      res.body as {
        data: { records: { action: string; outcome: string; target: { id: string } | null }[] };
      }
    ).data.records.filter((r) => r.action === action && r.target?.id === apiId);
    return {
      success: records.filter((r) => r.outcome === 'success').length,
      failure: records.filter((r) => r.outcome === 'failure').length,
    };
  };

  /** Whether a revealed secret works: a token from the user pool's token endpoint. */
  works = async (clientId: string, clientSecret: string): Promise<boolean> =>
    partnerToken(this.c.cognitoEndpoint, this.c.userPoolId, { clientId, clientSecret }, SCOPE).then(
      () => true,
      () => false,
    );

  /** A credential issued and revealed: active, its secret known. */
  active = async (): Promise<{
    apiId: string;
    contact: string;
    secret: string;
    clientId: string;
  }> => {
    const contact = `crash-${randomUUID().slice(0, 8)}@example.org`;
    const issued = await this.issue(contact, randomUUID());
    expect(issued.status).toBe(200);
    const revealed = await this.reveal(await this.newestLink(contact));
    expect(revealed.status, JSON.stringify(revealed)).toBe(200);
    return {
      apiId: String(revealed.data?.apiId),
      contact,
      secret: String(revealed.data?.clientSecret),
      clientId: String(revealed.data?.clientId),
    };
  };

  /**
   * What every restart must find: nothing in the journal or the outbox; every client of ours
   * named by a credential; every pending or active credential's client there; every link mailed
   * about a credential that exists.
   */
  whole = async (contacts: readonly string[] = []): Promise<void> => {
    expect(await this.console.settled()).toEqual({ journal: [], outbox: [] });
    const [records, clients] = await Promise.all([this.records(), this.clients()]);
    const named = new Set(records.map((r) => r.clientId));
    expect(
      clients.filter((c) => !named.has(c.clientId)),
      'Cognito clients of ours without a credential',
    ).toEqual([]);
    const present = new Set(clients.map((c) => c.clientId));
    expect(
      records.filter((r) => ['pending', 'active'].includes(r.status) && !present.has(r.clientId)),
      'live credentials without their client',
    ).toEqual([]);
    const apiIds = new Set(records.map((r) => r.apiId));
    for (const contact of contacts) {
      for (const link of await this.links(contact)) {
        expect(apiIds.has(link.apiId), `a link mailed to ${contact} for nothing`).toBe(true);
      }
    }
  };
}
