import type { DocumentSummary } from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '../../../components/list-table';
import { formatDateTime } from '../../../lib/dates';
import { documentPath } from '../utils/document-query';
import { formatSize } from '../utils/sizes';
import { senderNameOf } from '../utils/document-rules';
import { ClassificationShort } from './classification-short';
import { DocumentStateBadge } from './document-badges';

interface DocumentTableProps {
  documents: readonly DocumentSummary[];
  loading: boolean;
  /** The list's address query, handed to the document's page for its way back. */
  listSearch: string;
  /** Rows to pick for an action on many (the held queue's Retry): a first column of boxes. */
  selection?: DocumentSelection;
}

export interface DocumentSelection {
  /** Whether the row may be picked (a box is shown for it). */
  mayPick: (document: DocumentSummary) => boolean;
  picked: ReadonlySet<string>;
  onPick: (documentId: string, picked: boolean) => void;
}

/** The documents, newest first: a click on a row (or its title, a link) opens the document. */
export const DocumentTable = ({
  documents,
  loading,
  listSearch,
  selection,
}: DocumentTableProps) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? 'en';
  const back = { listSearch };
  return (
    <ListTable
      label={t('documents.list.tableCaption')}
      loading={loading}
      columns={[
        ...(selection === undefined ? [] : [t('documents.list.select')]),
        t('documents.list.sentAt'),
        t('documents.list.title'),
        t('documents.list.studySite'),
        t('documents.list.systems'),
        t('documents.list.classification'),
        t('documents.list.state'),
        { label: t('documents.list.size'), className: 'text-end' },
      ]}
    >
      {documents.map((d) => (
        <tr
          key={d.documentId}
          data-testid={`document-row-${d.documentId}`}
          style={{ cursor: 'pointer' }}
          onClick={(e) => {
            // The title is a link of its own, the box picks; a click elsewhere on the row opens it.
            if ((e.target as HTMLElement).closest('a, input') === null) {
              void navigate(documentPath(d.documentId), { state: back });
            }
          }}
        >
          {selection !== undefined && (
            <td>
              {selection.mayPick(d) && (
                <input
                  type="checkbox"
                  className="form-check-input"
                  aria-label={t('documents.list.pick', { title: d.title })}
                  checked={selection.picked.has(d.documentId)}
                  onChange={(e) => {
                    selection.onPick(d.documentId, e.target.checked);
                  }}
                />
              )}
            </td>
          )}
          <td className="small text-nowrap">
            <time dateTime={d.sentAt}>{formatDateTime(d.sentAt, language)}</time>
          </td>
          <td>
            <Link to={documentPath(d.documentId)} state={back}>
              {d.title}
            </Link>
            <div className="small text-body-secondary text-break">
              {t('documents.versionOf', { version: d.version, fileName: d.fileName })}
            </div>
          </td>
          <td className="small">
            <div>{d.protocolNumber}</div>
            {d.siteNumber !== '' && (
              <div className="text-body-secondary">
                {t('documents.siteNumber', { site: d.siteNumber })}
              </div>
            )}
          </td>
          <td className="small">
            <span>{senderNameOf(d.sender, t)}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> {t('documents.sentTo')} </span>
            <span>{d.receiver.name}</span>
            <div className="text-body-secondary">{t(`documents.direction.${d.direction}`)}</div>
          </td>
          <td>
            <ClassificationShort document={d} />
          </td>
          <td>
            <DocumentStateBadge state={d.state} />
          </td>
          <td className="text-end small text-nowrap">{formatSize(d.size, language)}</td>
        </tr>
      ))}
    </ListTable>
  );
};
