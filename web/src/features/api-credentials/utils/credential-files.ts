import type { ResponseOf } from '@ccsc/contract';
import { downloadFile } from '../../../lib/download';

/** What a revealed link answers (decription): the credentials, shown once. */
export type RevealedCredentials = ResponseOf<'decription'>;

const envValue = (value: string) =>
  /^[A-Za-z0-9_./:@-]*$/.test(value) ? value : JSON.stringify(value);

/** The credentials as a `.env` file, the names a partner system's configuration reads. */
export const envFileOf = (c: RevealedCredentials): string =>
  [
    `# ${c.systemName} (${c.organisationName}): API credentials, expire ${c.expiresAt}`,
    '# Keep this file out of version control; store the secret in a secrets vault.',
    `CCSC_CLIENT_ID=${envValue(c.clientId)}`,
    `CCSC_CLIENT_SECRET=${envValue(c.clientSecret)}`,
    `CCSC_TOKEN_URL=${envValue(c.tokenUrl)}`,
    `CCSC_API_BASE_URL=${envValue(c.apiBaseUrl)}`,
    `CCSC_OPENAPI_URL=${envValue(c.openApiUrl)}`,
    `CCSC_SCOPES=${envValue(c.scopes.join(' '))}`,
    `CCSC_CREDENTIAL_EXPIRES_AT=${envValue(c.expiresAt)}`,
    '',
  ].join('\n');

/** The credentials as JSON. */
export const jsonFileOf = (c: RevealedCredentials): string =>
  `${JSON.stringify(
    {
      apiId: c.apiId,
      organisationName: c.organisationName,
      systemName: c.systemName,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      tokenUrl: c.tokenUrl,
      apiBaseUrl: c.apiBaseUrl,
      openApiUrl: c.openApiUrl,
      scopes: c.scopes,
      expiresAt: c.expiresAt,
    },
    null,
    2,
  )}\n`;

/**
 * Saves text made in the browser as a file: a Blob behind an object URL, clicked as a download
 * link and let go of at once. Nothing leaves the browser.
 */
export const saveTextFile = (text: string, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadFile(url, fileName);
  // After the click has started the download (revoking at once can cancel it in some browsers).
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
};
