import { Readable } from 'node:stream';
import { seesCredential } from '@ccsc/contract/credential-access';
import {
  API_SCOPES,
  PARTNER_API_PREFIX,
  PARTNER_OPENAPI_PATH,
  partnerApiBaseUrl,
  partnerOpenApi,
  partnerRouteList,
} from '@ccsc/contract/partner-api';
import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';
import type { AuditTrail } from '../core/ports/audit-trail';
import type { Clock } from '../core/ports/clock';
import type { CredentialRecord, CredentialStore } from '../core/ports/credentials';
import type { Exports } from '../core/ports/exports';
import type { Registry } from '../core/ports/registry';
import { auditEntry, credentialNotFound, credentialTarget, statusOf } from './credential-records';

export interface ScopeDocumentDeps {
  credentials: Pick<CredentialStore, 'get'>;
  registry: Pick<Registry, 'snapshot'>;
  exports: Exports;
  audit: Pick<AuditTrail, 'append'>;
  clock: Clock;
  tokenUrl: string;
  /** PARTNER_API_BASE_URL: the origin the partner API is served at. */
  apiBaseUrl: string;
}

/**
 * The scope document's lines (Markdown): for the engineers of the credential's system — where to
 * get a token, the client id, each granted scope and what it allows (its calls), an example with
 * curl, and the partner API's OpenAPI document. Never the secret.
 */
export const scopeDocument = (
  record: CredentialRecord,
  names: { organisation: string; system: string; status: string },
  urls: { tokenUrl: string; apiBaseUrl: string },
): string[] => {
  const api = `${partnerApiBaseUrl(urls.apiBaseUrl)}/`;
  const scopes = API_SCOPES.filter((s) =>
    record.scopes.some((granted) => granted.endsWith(`/${s.name}`)),
  );
  const example = partnerRouteList.find((r) => record.scopes.includes(r.scope));
  return [
    `# API credential of ${names.system}`,
    '',
    `- Organisation: ${names.organisation}`,
    `- System: ${names.system}`,
    `- Client id: \`${record.clientId}\``,
    `- Status: ${names.status}; valid until ${record.validUntil}`,
    `- Token URL: ${urls.tokenUrl} (OAuth 2.0 client_credentials; client id and secret by HTTP Basic or in the form)`,
    `- API base URL: ${api.replace(/\/$/u, '')}`,
    `- OpenAPI document: ${api}${PARTNER_OPENAPI_PATH}`,
    '',
    'The secret is not in this document: it was shown once, to the technical contact',
    `(${record.contactEmail}). Keep it in a secrets vault; if it is lost, ask for a rotation.`,
    '',
    '## Scopes granted',
    '',
    ...scopes.flatMap((s) => {
      const calls = partnerRouteList.filter((r) => r.scope.endsWith(`/${s.name}`));
      return [
        `### ccsc-api/${s.name}`,
        '',
        s.description,
        '',
        ...calls.map((r) => `- \`${r.method} ${PARTNER_API_PREFIX}${r.path}\`: ${r.summary}`),
        '',
      ];
    }),
    '## Example',
    '',
    '```sh',
    `TOKEN=$(curl -s -u "${record.clientId}:$CLIENT_SECRET" \\`,
    `  -d grant_type=client_credentials -d scope="${record.scopes.join(' ')}" \\`,
    `  ${urls.tokenUrl} | jq -r .access_token)`,
    example === undefined
      ? `curl -H "Authorization: Bearer $TOKEN" ${api}me`
      : `curl -H "Authorization: Bearer $TOKEN" ${api}${example.path}`,
    '```',
    '',
    'A token lives an hour: ask for a new one when it expires. A revoked or expired credential',
    "is refused from its next call (401); a call outside the credential's scopes gets 403.",
    '',
    '## OpenAPI document',
    '',
    '```json',
    JSON.stringify(partnerOpenApi({ baseUrl: urls.apiBaseUrl, tokenUrl: urls.tokenUrl }), null, 2),
    '```',
    '',
  ];
};

const linesOf = (lines: readonly string[]): AsyncIterable<string> =>
  Readable.from(lines.map((line) => `${line}\n`));

/** downloadApiScope: the scope document of a credential the caller sees, as a download link. */
export const downloadScope: Core<(typeof routes)['downloadApiScope'], ScopeDocumentDeps> = async (
  input,
  ctx,
  deps,
) => {
  const record = await deps.credentials.get(input.apiId);
  if (record === null || !seesCredential(ctx.caller, record.organisationId)) {
    throw credentialNotFound();
  }
  const snapshot = await deps.registry.snapshot();
  const now = deps.clock.now();
  const system = snapshot.systems.get(record.systemId)?.name ?? record.systemId;
  const names = {
    organisation: snapshot.organisations.get(record.organisationId)?.name ?? record.organisationId,
    system,
    status: statusOf(record, now),
  };
  const fileName = `api-scope-${
    system
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/gu, '')
      .toLowerCase() || record.apiId
  }.md`;
  const file = await deps.exports.write(
    `api-scope/${ctx.caller.userName}/${ctx.requestId}.md`,
    linesOf(scopeDocument(record, names, { tokenUrl: deps.tokenUrl, apiBaseUrl: deps.apiBaseUrl })),
    { fileName, contentType: 'text/markdown; charset=utf-8' },
  );
  await deps.audit.append(
    auditEntry(
      ctx,
      {
        action: 'api-credential.scope-downloaded',
        target: credentialTarget(record, system),
        after: { clientId: record.clientId, fileName },
      },
      record.organisationId,
    ),
  );
  return { url: file.url, expiresAt: file.expiresAt.toISOString(), fileName };
};
