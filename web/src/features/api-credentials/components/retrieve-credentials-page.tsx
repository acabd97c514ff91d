import { apiIdSchema, type ResponseOf, linkTokenSchema } from '@ccsc/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { MessageArea } from '../../../components/notice-area';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { formatDateTime, formatDisplayDate } from '../../../lib/dates';
import { callApi, isRefusal } from '../../../lib/api';
import {
  envFileOf,
  jsonFileOf,
  type RevealedCredentials,
  saveTextFile,
} from '../utils/credential-files';
import { ScopeList } from './credential-badges';

type CredentialLink = ResponseOf<'get-api-credential-link'>['link'];

/** What the success page is told (history state): where to go next, never the secret. */
export interface RetrievedState {
  tokenUrl?: string;
  apiBaseUrl?: string;
  openApiUrl?: string;
}

type View =
  | { state: 'incomplete' }
  | { state: 'loading' }
  | { state: 'invalid' }
  | { state: 'unreachable' }
  | { state: 'ready'; link: CredentialLink; revealing: boolean; revealFailed: boolean }
  | { state: 'revealed'; credentials: RevealedCredentials };

/** The link as the e-mail gave it: the apiId from the path, the token from `?t=`. */
const linkOf = (apiId: string | undefined, search: string) => {
  const token = new URLSearchParams(search).get('t');
  if (token === null || token === '') return null;
  // A malformed link is refused like any other: the same message, nothing asked of the server.
  const valid = apiIdSchema.safeParse(apiId).success && linkTokenSchema.safeParse(token).success;
  return { valid, apiId: apiId ?? '', token };
};

const CopyButton = ({ text, what }: { text: string; what: string }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline-secondary"
      aria-label={t('credentials.retrieve.copyLabel', { what })}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
          },
          () => undefined, // no clipboard permission: the text can still be selected and copied
        );
      }}
    >
      {copied ? t('credentials.retrieve.copied') : t('credentials.retrieve.copy')}
    </button>
  );
};

/** One revealed value: its label, the value as read-only text, a copy button. */
const Value = ({ id, label, value }: { id: string; label: string; value: string }) => (
  <div className="mb-3">
    <label className="form-label fw-semibold" htmlFor={id}>
      {label}
    </label>
    <div className="input-group">
      <input
        id={id}
        type="text"
        readOnly
        className="form-control font-monospace"
        value={value}
        onFocus={(e) => {
          e.target.select();
        }}
      />
      <CopyButton text={value} what={label} />
    </div>
  </div>
);

/**
 * /generate/{APIID}?t=… (issue 15): the technical contact's one-time link. The page shows what is
 * being issued, "Reveal" redeems the link (decription) for the client id and secret, shown exactly
 * once, with copy buttons and downloads made in the browser. The token leaves the address bar as
 * soon as it is read (so it stays in no history entry). Every refused link gets one message,
 * never which part was wrong.
 */
export const RetrieveCredentialsPage = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const location = useLocation();
  const { apiId } = useParams();
  // Read once: the address loses the token below, the page keeps it in memory only.
  const [link] = useState(() => linkOf(apiId, location.search));
  const [view, setView] = useState<View>(() =>
    link === null
      ? { state: 'incomplete' }
      : link.valid
        ? { state: 'loading' }
        : { state: 'invalid' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (new URLSearchParams(location.search).has('t')) {
      // history.replaceState, through the router: the entry no longer holds the token.
      void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
    }
  }, [location, navigate]);

  useEffect(() => {
    if (link === null || !link.valid) return;
    let current = true;
    callApi('get-api-credential-link', { apiId: link.apiId, token: link.token }).then(
      (answer) => {
        if (current) {
          setView({ state: 'ready', link: answer.link, revealing: false, revealFailed: false });
        }
      },
      (err: unknown) => {
        if (current) setView({ state: isRefusal(err) ? 'invalid' : 'unreachable' });
      },
    );
    return () => {
      current = false;
    };
  }, [link, attempt]);

  const revealed = view.state === 'revealed';
  useEffect(() => {
    if (!revealed) return;
    // Leaving the page loses the secret for good: the browser asks first.
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [revealed]);

  const reveal = async () => {
    if (link === null || view.state !== 'ready') return;
    setView({ ...view, revealing: true, revealFailed: false });
    try {
      const credentials = await callApi('decription', { apiId: link.apiId, token: link.token });
      setView({ state: 'revealed', credentials });
    } catch (err) {
      setView(
        isRefusal(err) ? { state: 'invalid' } : { ...view, revealing: false, revealFailed: true },
      );
    }
  };

  const heading = <h1 className="h3 mb-3">{t('credentials.retrieveHeading')}</h1>;
  const row = (label: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">{value}</dd>
    </>
  );

  switch (view.state) {
    case 'incomplete':
    case 'invalid':
      return (
        <>
          {heading}
          <div className="alert alert-warning" role="alert" data-testid="link-refused">
            {view.state === 'invalid'
              ? t('credentials.retrieve.invalid')
              : t('credentials.retrieve.incomplete')}
          </div>
        </>
      );
    case 'loading':
      return (
        <>
          {heading}
          <LoadingIndicator className="my-4" />
        </>
      );
    case 'unreachable':
      return (
        <>
          {heading}
          <RetryAlert
            message={t('credentials.retrieve.unreachable')}
            retryLabel={t('credentials.retry')}
            onRetry={() => {
              setView({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
        </>
      );
    case 'ready': {
      const { link: shown } = view;
      return (
        <>
          {heading}
          <p>{t('credentials.retrieve.intro')}</p>
          <dl className="row">
            {row(t('credentials.retrieve.organisation'), shown.organisationName)}
            {row(t('credentials.retrieve.system'), shown.systemName)}
            {row(
              t('credentials.retrieve.kind'),
              shown.kind === 'rotation'
                ? t('credentials.retrieve.rotation')
                : t('credentials.retrieve.initial'),
            )}
            {row(t('credentials.retrieve.scopes'), <ScopeList scopes={shown.scopes} />)}
            {row(t('credentials.retrieve.expires'), formatDisplayDate(shown.expiresAt, language))}
            {row(
              t('credentials.retrieve.linkExpires'),
              formatDateTime(shown.linkExpiresAt, language),
            )}
          </dl>
          <div className="alert alert-info">{t('credentials.retrieve.beforeReveal')}</div>
          <MessageArea
            message={view.revealFailed ? t('credentials.retrieve.revealFailed') : null}
          />
          <button
            type="button"
            className="btn btn-primary"
            disabled={view.revealing}
            onClick={() => void reveal()}
          >
            {view.revealing
              ? t('credentials.retrieve.revealing')
              : t('credentials.retrieve.reveal')}
          </button>
        </>
      );
    }
    case 'revealed': {
      const c = view.credentials;
      const base = `ccsc-${c.apiId}`;
      const next: RetrievedState = {
        tokenUrl: c.tokenUrl,
        apiBaseUrl: c.apiBaseUrl,
        openApiUrl: c.openApiUrl,
      };
      return (
        <>
          {heading}
          <div className="alert alert-warning fw-semibold" role="alert">
            {t('credentials.retrieve.onceWarning')}
          </div>
          <p>
            {t('credentials.retrieve.revealedFor', {
              system: c.systemName,
              organisation: c.organisationName,
              expires: formatDisplayDate(c.expiresAt, language),
            })}
          </p>
          <Value
            id="revealed-client-id"
            label={t('credentials.retrieve.clientId')}
            value={c.clientId}
          />
          <Value
            id="revealed-client-secret"
            label={t('credentials.retrieve.clientSecret')}
            value={c.clientSecret}
          />
          <Value
            id="revealed-token-url"
            label={t('credentials.retrieve.tokenUrl')}
            value={c.tokenUrl}
          />
          <Value
            id="revealed-api-base-url"
            label={t('credentials.retrieve.apiBaseUrl')}
            value={c.apiBaseUrl}
          />
          <Value
            id="revealed-openapi-url"
            label={t('credentials.retrieve.openApiUrl')}
            value={c.openApiUrl}
          />
          <div className="mb-3">
            <span className="form-label fw-semibold d-block">
              {t('credentials.retrieve.scopes')}
            </span>
            <ScopeList scopes={c.scopes} />
          </div>
          <div className="d-flex flex-wrap gap-2 mb-4">
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => {
                saveTextFile(envFileOf(c), `${base}.env`, 'text/plain');
              }}
            >
              {t('credentials.retrieve.downloadEnv')}
            </button>
            <button
              type="button"
              className="btn btn-outline-primary"
              onClick={() => {
                saveTextFile(jsonFileOf(c), `${base}.json`, 'application/json');
              }}
            >
              {t('credentials.retrieve.downloadJson')}
            </button>
          </div>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              void navigate(paths.generateSuccess, { replace: true, state: next });
            }}
          >
            {t('credentials.retrieve.continue')}
          </button>
        </>
      );
    }
  }
};
