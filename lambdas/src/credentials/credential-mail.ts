import { LINK_HOURS } from '@ccsc/contract/credentials';
import { API_SCOPES, type ApiScope } from '@ccsc/contract/scopes';
import { displayDate, displayDateTime } from '../core/display-dates';

/**
 * A credential's link mail (never the secret): what is issued, to whom, until when the link
 * works. Sent by the journaled writes only (credential-writes.ts), once the record knows the link.
 */

export const LINK_MS = LINK_HOURS * 60 * 60 * 1000;

/** The page a link opens (web: paths.generate). */
export const linkTo = (origin: string, apiId: string, token: string): string =>
  `${origin}/generate/${encodeURIComponent(apiId)}?t=${token}`;

const scopeLines = (scopes: readonly ApiScope[]) =>
  scopes.map((scope) => {
    const described = API_SCOPES.find((s) => scope.endsWith(`/${s.name}`));
    return `  - ${scope}${described === undefined ? '' : `: ${described.description}`}`;
  });

/** The link mail: what is issued, to whom, until when the link works — never the secret. */
export const linkMail = (options: {
  to: string;
  link: string;
  kind: 'initial' | 'rotation';
  organisationName: string;
  systemName: string;
  scopes: readonly ApiScope[];
  validUntil: string;
  linkUntil: string;
  issuedBy: string;
}) => ({
  to: options.to,
  subject:
    options.kind === 'initial'
      ? `API credential for ${options.systemName}`
      : `New secret for the API credential of ${options.systemName}`,
  text: [
    options.kind === 'initial'
      ? `${options.issuedBy} issued an API credential for ${options.systemName} (${options.organisationName}) and named you as its technical contact.`
      : `${options.issuedBy} started a rotation of the API credential of ${options.systemName} (${options.organisationName}): a second secret is waiting for you. The current secret keeps working until the grace period after you reveal the new one ends.`,
    '',
    'Scopes:',
    ...scopeLines(options.scopes),
    `Valid until: ${displayDate(options.validUntil)}`,
    '',
    `Open this link to reveal the client id and secret. It works once, until ${displayDateTime(options.linkUntil)}:`,
    options.link,
    '',
    'The secret is shown exactly once, on that page; nobody else, the administrator included, ever sees it. If the link has expired or was used by someone else, ask your administrator to send a new one.',
  ].join('\n'),
});
