import { PARTNER_API_PREFIX } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import type { RetrievedState } from './retrieve-credentials-page';

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;

/** What the reveal page left in history state, each part only if it is a web address. */
const retrievedOf = (state: unknown): Record<keyof RetrievedState, string | null> => {
  const part = (key: keyof RetrievedState) =>
    typeof state === 'object' && state !== null ? textOf(Reflect.get(state, key)) : null;
  return {
    tokenUrl: part('tokenUrl'),
    apiBaseUrl: part('apiBaseUrl'),
    openApiUrl: part('openApiUrl'),
  };
};

/**
 * /generate/success (issue 15): what the technical contact does next with the credentials they
 * revealed: keep the secret in a vault, get a token (client_credentials), call /me, read the
 * OpenAPI document (linked when the reveal page passed it on; reached directly, the page says
 * where to find it).
 */
export const RetrieveCredentialsSuccessPage = () => {
  const { t } = useTranslation();
  const { tokenUrl, apiBaseUrl, openApiUrl } = retrievedOf(useLocation().state);
  const me =
    apiBaseUrl === null ? `${PARTNER_API_PREFIX}me` : `${apiBaseUrl.replace(/\/+$/, '')}/me`;
  const curl = [
    `curl -s -X POST '${tokenUrl ?? '<token URL>'}' \\`,
    `  -u "$CCSC_CLIENT_ID:$CCSC_CLIENT_SECRET" \\`,
    `  -d grant_type=client_credentials`,
  ].join('\n');
  return (
    <>
      <h1 className="h3 mb-2">{t('credentials.successHeading')}</h1>
      <p className="text-body-secondary">{t('credentials.successDescription')}</p>
      {/* One column no wider than the page: a long command scrolls inside its own box. */}
      <ol className="d-grid gap-3 ps-3" style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <li>
          <strong>{t('credentials.success.vaultTitle')}</strong>
          <div>{t('credentials.success.vault')}</div>
        </li>
        <li>
          <strong>{t('credentials.success.tokenTitle')}</strong>
          <div>{t('credentials.success.token')}</div>
          <pre className="bg-body-secondary p-2 mt-2 mb-0 small" tabIndex={0}>
            <code>{curl}</code>
          </pre>
        </li>
        <li>
          <strong>{t('credentials.success.callTitle')}</strong>
          <div>{t('credentials.success.call', { path: `${PARTNER_API_PREFIX}me` })}</div>
          <pre className="bg-body-secondary p-2 mt-2 mb-0 small" tabIndex={0}>
            <code>{`curl -s '${me}' -H "Authorization: Bearer $TOKEN"`}</code>
          </pre>
        </li>
        <li>
          <strong>{t('credentials.success.openApiTitle')}</strong>
          <div>
            {openApiUrl === null ? (
              t('credentials.success.openApiGeneric')
            ) : (
              <>
                {t('credentials.success.openApi')}{' '}
                <a href={openApiUrl} target="_blank" rel="noopener noreferrer">
                  {t('credentials.success.openApiLink')}
                </a>
              </>
            )}
          </div>
        </li>
        <li>
          <strong>{t('credentials.success.referenceTitle')}</strong>
          <div>
            {t('credentials.success.reference')}{' '}
            <Link to={paths.apiReference}>{t('credentials.success.referenceLink')}</Link>
          </div>
        </li>
      </ol>
      <p className="text-body-secondary">{t('credentials.success.expiry')}</p>
    </>
  );
};
