import { inject } from 'vitest';
import { TABLES, tableName } from '@ccsc/lambdas/data-model';
import { dynamodbDocuments, waitForMail } from '../support/aws';
import { partnerToken } from '../support/oauth';
import { must } from '../support/registry';
/**
 * What credentials.test.ts asks of the console beside its story: the link in the contact's
 * mail, the reveal page's public call, the partner API and its tokens, and every answer the file
 * receives, recorded to be searched for the secrets afterwards.
 */

export const c = inject('console');

export interface Credential {
  apiId: string;
  clientId: string;
  status: string;
  revision: number;
  organisationName: string;
  systemName: string;
  lastUsedAt: string | null;
}

export interface Revealed {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  apiBaseUrl: string;
  openApiUrl: string;
}

export const IN_A_YEAR = () => new Date(Date.now() + 300 * 24 * 60 * 60 * 1000).toISOString();

/** The apiId and token of the newest link mailed to `to` (its n-th mail). */
export const linkIn = async (to: string, count: number) => {
  const mails = await waitForMail(c, to, count);
  const text = must(mails.at(-1)).text;
  const match = must(/\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text), 'link');
  return { apiId: decodeURIComponent(must(match[1])), token: must(match[2]) };
};

export const publicCall = async (path: string, body: unknown) => {
  const res = await fetch(`${c.url}/ccsc/ui/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { data?: unknown; error?: { message: string } },
  };
};

export const partner = async (path: string, token: string | null) => {
  const res = await fetch(`${c.url}/ccsc/api/v1/${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
};

export const tokenFor = (clientId: string, secret: string, scope: string) =>
  partnerToken(c.cognitoEndpoint, c.userPoolId, { clientId, clientSecret: secret }, scope);

/**
 * Every answer this file receives (the console's, the token endpoint's, the mail UI's, a signed
 * link's), kept to be searched for the secrets afterwards. Only a successful reveal may hold one.
 */
export const answers: { url: string; status: number; body: string }[] = [];
export const realFetch = globalThis.fetch;
export const recordingFetch: typeof fetch = async (input, init) => {
  const res = await realFetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  answers.push({ url, status: res.status, body: await res.clone().text() });
  return res;
};
export const documents = dynamodbDocuments(c);
export const MAIN_TABLE = tableName('local', TABLES.main);

export const isReveal = (a: { url: string; status: number }) =>
  a.url === `${c.url}/ccsc/ui/decription` && a.status === 200;
