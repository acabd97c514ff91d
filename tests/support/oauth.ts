import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { waitForMail } from './aws';
import type { ConsoleInfo } from './global-setup';
import { callApi } from './api';

/**
 * An access token for an API credential the way a partner system's engineers would get one: a
 * standard OAuth 2.0 client library (openid-client) that finds the token endpoint through the
 * user pool's discovery document, then the client_credentials grant.
 */
export const partnerToken = async (
  cognitoEndpoint: string,
  userPoolId: string,
  credential: { clientId: string; clientSecret: string },
  scope: string,
): Promise<string> => {
  const issuer = new URL(`${cognitoEndpoint}/${userPoolId}`);
  const config = await client.discovery(
    issuer,
    credential.clientId,
    credential.clientSecret,
    client.ClientSecretBasic(credential.clientSecret),
    // The offline stack speaks plain http on localhost; the library refuses that unless told.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- offline only, never against AWS
    { execute: [client.allowInsecureRequests] },
  );
  return (await client.clientCredentialsGrant(config, { scope })).access_token;
};

/**
 * An API credential issued to a system the way an administrator issues one (generateApiCredential),
 * revealed the way its contact does (the e-mailed single-use link): its client id and secret.
 */
export const issueCredential = async (
  c: ConsoleInfo,
  admin: { idToken: string },
  systemId: string,
  scopes: string[],
): Promise<{ clientId: string; clientSecret: string }> => {
  const contact = `system-${randomUUID().slice(0, 8)}@example.org`;
  const issued = await callApi(c, 'generateApiCredential', {
    token: admin.idToken,
    body: {
      systemId,
      scopes,
      expiresAt: new Date(Date.now() + 90 * 24 * 60 * 60 * 1000).toISOString(),
      contactEmail: contact,
    },
  });
  if (issued.status !== 200) {
    throw new Error(
      `generateApiCredential: ${String(issued.status)} ${JSON.stringify(issued.body)}`,
    );
  }
  const text = (await waitForMail(c, contact, 1)).at(-1)?.text ?? '';
  const link = /\/generate\/([^?\s]+)\?t=([A-Za-z0-9_-]+)/u.exec(text);
  if (link?.[1] === undefined || link[2] === undefined) {
    throw new Error(`No credential link in the mail to ${contact}.`);
  }
  const revealed = await fetch(`${c.url}/ccsc/ui/decription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiId: decodeURIComponent(link[1]), token: link[2] }),
  });
  const { data } = (await revealed.json()) as { data: { clientId: string; clientSecret: string } };
  return data;
};
