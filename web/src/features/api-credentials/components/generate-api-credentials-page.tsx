import type { ApiCredential } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterChip, FilterChips } from '../../../components/filter-bar';
import { type Notice as BaseNotice, NoticeArea } from '../../../components/notice-area';
import { PagedList } from '../../../components/paged-list';
import { ScreenIntro } from '../../../components/screen-intro';
import { callApi } from '../../../lib/api';
import { downloadFile } from '../../../lib/download';
import { useAddressQuery, useListFollowsAddress } from '../../../lib/list-query';
import { messageOfError } from '../../../lib/refusals';
import { getProfile } from '../../../lib/session';
import { useCredentialList } from '../hooks/use-credential-list';
import {
  type CredentialAction,
  credentialActions,
  credentialActor,
  mayIssue,
} from '../utils/credential-rules';
import { CredentialFilters } from './credential-filters';
import { type CredentialStep, CredentialStepDialog } from './credential-step-dialog';
import { CredentialTable } from './credential-table';
import { IssueCredentialDialog } from './issue-credential-dialog';

type Notice = BaseNotice & { link?: { url: string; name: string } };
type Open = { step: CredentialStep; apiId: string; opened: ApiCredential } | null;

/** The filters a link may set that have no field on the screen: shown as chips. */
const CHIPS = ['organisationId', 'systemId'] as const;

/** An organisation or system the list is filtered to, by the name its rows give it, else its id. */
const nameOf = (
  key: (typeof CHIPS)[number],
  id: string,
  rows: readonly ApiCredential[],
): string => {
  const row = rows.find((c) => c[key] === id);
  if (row === undefined) return id;
  return key === 'organisationId' ? row.organisationName : row.systemName;
};

/**
 * /admin/generate-api-credentials (issue 15): every credential the caller may see, searched,
 * filtered by status and use, and paged, with how many match; the filters live in the address under
 * list-api-credentials' names (lib/list-query.ts), so a link — the dashboard's credentials expiring
 * (`?status=expiring`) or never used (`?use=never`) — opens the list it counted. Issuing one (the link goes to the system's technical contact,
 * the secret never to an administrator), a new link, rotation, the end of a rotation's grace,
 * revocation and the scope document, each offered as the server's rules allow the caller.
 */
export const GenerateApiCredentialsPage = () => {
  const { t } = useTranslation();
  // Fixed for the screen's life: the dialogs' loads and dates follow from them.
  const [actor] = useState(() => credentialActor(getProfile()));
  const [now] = useState(() => new Date());
  const { query, setQuery } = useAddressQuery('list-api-credentials');
  const list = useCredentialList(query);
  useListFollowsAddress('list-api-credentials', list, query);
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
      downloadFile(url, fileName);
      setNotice({
        kind: 'success',
        text: t('credentials.scopeDocument.ready', { system: credential.systemName }),
        link: { url, name: fileName },
      });
    } catch (err) {
      setNotice({
        kind: 'danger',
        text: messageOfError(err, t('credentials.scopeDocument.failed'), { namingFields: true }),
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
      <NoticeArea notice={notice} testId="credentials-notice">
        {notice?.link && (
          <>
            {' '}
            <a href={notice.link.url} download={notice.link.name} rel="noopener">
              {t('credentials.scopeDocument.link', { fileName: notice.link.name })}
            </a>
          </>
        )}
      </NoticeArea>
      <CredentialFilters query={query} onChange={setQuery} />
      <FilterChips
        label={t('credentials.list.linkedFilters')}
        chips={CHIPS.flatMap((key): FilterChip[] => {
          const id = query[key];
          if (id === undefined) return [];
          const text = t(`credentials.list.chip.${key}`, { name: nameOf(key, id, list.items) });
          return [{ key, text, removeLabel: t('credentials.list.removeChip', { filter: text }) }];
        })}
        onRemove={(key) => {
          setQuery({ ...query, [key]: undefined });
        }}
      />
      <PagedList
        list={list}
        showing={t('credentials.list.showing', { count: list.items.length, total: list.total })}
        failure={messageOfError(list.error, t('credentials.list.loadFailed'), {
          namingFields: true,
        })}
        retryLabel={t('credentials.retry')}
        empty={t('credentials.list.empty')}
        pagingLabel={t('credentials.list.paging')}
      >
        <CredentialTable
          credentials={list.items}
          loading={list.loading}
          now={now}
          actionsOf={(c) => credentialActions(actor, c)}
          onAction={onAction}
          busyApiId={scopeBusy}
        />
      </PagedList>
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
