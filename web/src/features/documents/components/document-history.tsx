import { type DocumentDetail, HOLD_REASONS } from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScrollRegion } from '../../../components/scroll-region';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';

const SYSTEM_PREFIX = 'system:';

/** Who did a step: a system by its name (when it is one of the two), the hub, or an e-mail. */
const useActorName = (document: DocumentDetail) => {
  const { t } = useTranslation();
  return (by: string): string => {
    if (by === 'hub') return t('documents.timeline.hub');
    if (!by.startsWith(SYSTEM_PREFIX)) return by;
    const systemId = by.slice(SYSTEM_PREFIX.length);
    const system = [document.sender, document.receiver].find((s) => s.systemId === systemId);
    return t('documents.timeline.system', { system: system?.name ?? systemId });
  };
};

/** Every step the document went through, oldest first: when, what, who, and what more was said. */
export const DocumentTimeline = ({ document }: { document: DocumentDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const actorName = useActorName(document);
  // A hold reason's code in words; anything else as the hub wrote it.
  const detailText = (detail: string | null): string => {
    const reason = HOLD_REASONS.find((r) => r === detail);
    return reason === undefined ? (detail ?? '—') : t(`documents.holdReason.${reason}`);
  };
  if (document.events.length === 0) {
    return <p className="text-body-secondary">{t('documents.timeline.none')}</p>;
  }
  return (
    <ScrollRegion label={t('documents.timeline.heading')}>
      <table className="table table-sm align-middle small" data-testid="document-timeline">
        <caption className="visually-hidden">{t('documents.timeline.heading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('documents.timeline.at')}</th>
            <th scope="col">{t('documents.timeline.event')}</th>
            <th scope="col">{t('documents.timeline.by')}</th>
            <th scope="col">{t('documents.timeline.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {document.events.map((event, i) => (
            <tr key={i}>
              <td className="text-nowrap">
                <time dateTime={event.at}>{formatDateTime(event.at, language)}</time>
              </td>
              <td>{t(`documents.event.${event.event}`)}</td>
              <td className="text-break">{actorName(event.by)}</td>
              <td>{detailText(event.detail)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
};

/** Who downloaded the document from the console, newest first, and how many times in all. */
export const DocumentDownloads = ({ document }: { document: DocumentDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { downloads, downloadCount } = document;
  return (
    <>
      <p data-testid="download-count">
        {downloadCount === 0
          ? t('documents.downloads.none')
          : t('documents.downloads.count', { count: downloadCount })}
      </p>
      {downloads.length > 0 && (
        <ScrollRegion label={t('documents.downloads.heading')}>
          <table className="table table-sm align-middle small" data-testid="document-downloads">
            <caption className="visually-hidden">{t('documents.downloads.heading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('documents.downloads.at')}</th>
                <th scope="col">{t('documents.downloads.by')}</th>
              </tr>
            </thead>
            <tbody>
              {downloads.map((download, i) => (
                <tr key={i}>
                  <td className="text-nowrap">
                    <time dateTime={download.at}>{formatDateTime(download.at, language)}</time>
                  </td>
                  <td className="text-break">{download.by}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {downloads.length < downloadCount && (
        <p className="small text-body-secondary">
          {t('documents.downloads.newestOnly', { shown: downloads.length, count: downloadCount })}{' '}
          <Link to={paths.admin.auditTrail}>{t('documents.downloads.auditTrail')}</Link>
        </p>
      )}
    </>
  );
};
