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
}

/** The documents, newest first: a click on a row (or its title, a link) opens the document. */
export const DocumentTable = ({ documents, loading, listSearch }: DocumentTableProps) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? 'en';
  const back = { listSearch };
  return (
    <ListTable
      label={t('documents.list.tableCaption')}
      loading={loading}
      columns={[
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
            // The title is a link of its own; a click elsewhere on the row opens it too.
            if ((e.target as HTMLElement).closest('a') === null) {
              void navigate(documentPath(d.documentId), { state: back });
            }
          }}
        >
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
