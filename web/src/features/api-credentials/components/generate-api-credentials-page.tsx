import type { ApiCredential } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { Pager } from '../../../components/pager';
import { ScreenIntro } from '../../../components/screen-intro';
import { callApi } from '../../../lib/api';
import { getProfile } from '../../../lib/session';
import { useCredentialList } from '../hooks/use-credential-list';
import {
  type CredentialAction,
  credentialActions,
  credentialActor,
  mayIssue,
} from '../utils/credential-rules';
import { messageOfError } from '../utils/errors';
import { CredentialFilters } from './credential-filters';
import { type CredentialStep, CredentialStepDialog } from './credential-step-dialog';
import { CredentialTable } from './credential-table';
import { IssueCredentialDialog } from './issue-credential-dialog';

type Notice = { kind: 'success' | 'danger'; text: string; link?: { url: string; name: string } };
type Open = { step: CredentialStep; apiId: string; opened: ApiCredential } | null;

/**
 * /admin/generate-api-credentials (issue 15): every credential the caller may see, searched,
 * filtered by status and paged; issuing one (the link goes to the system's technical contact,
 * the secret never to an administrator), a new link, rotation, the end of a rotation's grace,
 * revocation and the scope document, each offered as the server's rules allow the caller.
 */
export const GenerateApiCredentialsPage = () => {
  const { t } = useTranslation();
  // Fixed for the screen's life: the dialogs' loads and dates follow from them.
  const [actor] = useState(() => credentialActor(getProfile()));
  const [now] = useState(() => new Date());
  const list = useCredentialList({});
  const [issuing, setIssuing] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [scopeBusy, setScopeBusy] = useState<string | null>(null);
  const issues = mayIssue(actor);

  const downloadScope = async (credential: ApiCredential) => {
    setScopeBusy(credential.apiId);
    setNotice(null);
    try {
      const { url, fileName } = await callApi('downloadApiScope', { apiId: credential.apiId });
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setNotice({
        kind: 'success',
        text: t('credentials.scopeDocument.ready', { system: credential.systemName }),
        link: { url, name: fileName },
      });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('credentials.scopeDocument.failed')),
      });
    } finally {
      setScopeBusy(null);
    }
  };

  const onAction = (action: CredentialAction, credential: ApiCredential) => {
    if (action === 'scope') {
      void downloadScope(credential);
      return;
    }
    setNotice(null);
    setOpen({ step: action, apiId: credential.apiId, opened: credential });
  };

  const done = (step: CredentialStep, after: ApiCredential) => {
    const names = {
      system: after.systemName,
      organisation: after.organisationName,
      email: after.contactEmail,
      days: after.rotation?.graceDays ?? 0,
    };
    setOpen(null);
    setNotice({ kind: 'success', text: t(`credentials.${step}.done`, names) });
    list.reload();
  };

  let body;
  if (list.initialLoading) {
    body = <LoadingIndicator className="my-4" />;
  } else if (list.error !== null && !list.loading) {
    body = (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
        <span className="me-auto">
          {messageOfError(list.error, t('credentials.list.loadFailed'))}
        </span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={list.reload}>
          {t('credentials.retry')}
        </button>
      </div>
    );
  } else if (list.items.length === 0 && !list.loading) {
    body = (
      <p className="alert alert-secondary" role="status">
        {t('credentials.list.empty')}
      </p>
    );
  } else {
    body = (
      <CredentialTable
        credentials={list.items}
        loading={list.loading}
        now={now}
        actionsOf={(c) => credentialActions(actor, c)}
        onAction={onAction}
        busyApiId={scopeBusy}
      />
    );
  }

  // The dialog follows the list: after a 409 it reloads, and the dialog shows (and sends) the
  // credential's new revision.
  const openCredential =
    open === null ? null : (list.items.find((c) => c.apiId === open.apiId) ?? open.opened);

  return (
    <>
      <ScreenIntro
        heading={t('credentials.generateHeading')}
        description={t('credentials.generateDescription')}
      />
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        {issues ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setNotice(null);
              setIssuing(true);
            }}
          >
            {t('credentials.actions.issue')}
          </button>
        ) : (
          <p className="text-body-secondary mb-0">{t('credentials.list.readOnly')}</p>
        )}
      </div>
      <div aria-live="polite">
        {notice && (
          <div
            className={`alert alert-${notice.kind}`}
            role={notice.kind === 'success' ? 'status' : 'alert'}
            data-testid="credentials-notice"
          >
            {notice.text}
            {notice.link && (
              <>
                {' '}
                <a href={notice.link.url} download={notice.link.name} rel="noopener">
                  {t('credentials.scopeDocument.link', { fileName: notice.link.name })}
                </a>
              </>
            )}
          </div>
        )}
      </div>
      <CredentialFilters query={list.query} onChange={list.setQuery} />
      {list.error === null && list.items.length > 0 && (
        <p className="text-body-secondary small">
          {t('credentials.list.showing', { count: list.items.length, total: list.total })}
        </p>
      )}
      {body}
      <Pager label={t('credentials.list.paging')} pages={list} />
      {issuing && (
        <IssueCredentialDialog
          actor={actor}
          now={now}
          onCancel={() => {
            setIssuing(false);
          }}
          onIssued={(credential) => {
            setIssuing(false);
            setNotice({
              kind: 'success',
              text: t('credentials.issue.done', {
                system: credential.systemName,
                organisation: credential.organisationName,
                email: credential.contactEmail,
              }),
            });
            list.reload();
          }}
        />
      )}
      {open !== null && openCredential !== null && (
        <CredentialStepDialog
          key={`${open.step}-${open.apiId}`}
          step={open.step}
          credential={openCredential}
          onCancel={() => {
            setOpen(null);
          }}
          onDone={(after) => {
            done(open.step, after);
          }}
          onConflict={list.reload}
        />
      )}
    </>
  );
};
