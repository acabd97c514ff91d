import * as client from 'openid-client';

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
