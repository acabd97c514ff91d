import type { DocumentDetail } from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type DocumentActor,
  mappingPath,
  mappingTarget,
  mayMap,
  isScanHold,
  mayRetry,
} from '../utils/document-rules';
import { HoldReasonBadge, QuarantineReasonBadge } from './document-badges';

/**
 * What the hub recorded of a hold or a quarantine, word for word (the scanner's finding, the
 * missing field's name): the record, kept as written, in English. The reason above it is in the
 * reader's language; on a German or Turkish page this detail is introduced as the hub's English
 * record and marked `lang="en"` (WCAG 3.1.2), so that a screen reader reads it as English.
 */
const HubDetail = ({ text }: { text: string }) => {
  const { t, i18n } = useTranslation();
  if ((i18n.resolvedLanguage ?? 'en') === 'en') return <>{text}</>;
  return (
    <>
      {t('documents.detail.hubRecord')} <span lang="en">{text}</span>
    </>
  );
};

interface HoldNoticeProps {
  document: DocumentDetail;
  actor: DocumentActor;
  busy: 'download' | 'retry' | null;
  onRetry: () => void;
}

/**
 * Why a held document is held, and what the administrator may do: Retry (a mapping, or a malware
 * scan that gave no verdict), and map its type in the standard that lacks it (or who may). Why a
 * quarantined document is quarantined (final), and that one awaits its malware scan.
 */
export const HoldNotice = ({ document: d, actor, busy, onRetry }: HoldNoticeProps) => {
  const { t } = useTranslation();
  const retries = mayRetry(actor, d);
  const target = mappingTarget(d);
  return (
    <>
      {d.state === 'quarantined' && d.quarantineReason !== null && (
        <div className="alert alert-danger" data-testid="quarantine">
          <p className="mb-1">
            <strong>{t('documents.detail.quarantinedBecause')}</strong>{' '}
            <QuarantineReasonBadge reason={d.quarantineReason} />
          </p>
          <p className="mb-1">{t(`documents.quarantineExplain.${d.quarantineReason}`)}</p>
          {d.quarantineDetail !== null && (
            <p className="mb-0 small text-break" data-testid="quarantine-detail">
              <HubDetail text={d.quarantineDetail} />
            </p>
          )}
        </div>
      )}
      {d.state === 'awaiting-scan' && (
        <div className="alert alert-info" data-testid="awaiting-scan">
          {t('documents.detail.awaitingScan')}
        </div>
      )}
      {d.state === 'held' && d.holdReason !== null && (
        <div className="alert alert-warning" data-testid="hold">
          <p className="mb-1">
            <strong>{t('documents.detail.heldBecause')}</strong>{' '}
            <HoldReasonBadge reason={d.holdReason} />
          </p>
          <p className="mb-1">{t(`documents.holdExplain.${d.holdReason}`)}</p>
          {d.holdDetail !== null && (
            <p className="mb-1 small" data-testid="hold-detail">
              <HubDetail text={d.holdDetail} />
            </p>
          )}
          {retries && (
            <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
              <button
                type="button"
                className="btn btn-warning"
                disabled={busy !== null}
                onClick={onRetry}
              >
                {busy === 'retry'
                  ? t('documents.working')
                  : isScanHold(d.holdReason)
                    ? t('documents.detail.retryScan')
                    : t('documents.detail.retry')}
              </button>
              {target !== null && mayMap(actor, target) && (
                <>
                  <Link
                    className="btn btn-outline-dark"
                    to={mappingPath(target)}
                    aria-describedby="map-hint"
                  >
                    {t('documents.detail.mapType')}
                  </Link>
                  <span id="map-hint" className="small">
                    {target.standard !== null && target.lookup !== null
                      ? t(`documents.detail.mapHintRow.${target.lookup.kind}`, {
                          system: target.system.name,
                          organisation: target.system.organisationName,
                          code: target.lookup.value,
                          artifact:
                            d.classification === null
                              ? target.lookup.value
                              : `${target.lookup.value} ${d.classification.artifactName}`,
                        })
                      : t(
                          target.standard === null
                            ? `documents.detail.mapHintFind.${target.side}`
                            : `documents.detail.mapHint.${target.side}`,
                          {
                            system: target.system.name,
                            organisation: target.system.organisationName,
                          },
                        )}
                  </span>
                </>
              )}
              {target !== null && !mayMap(actor, target) && (
                <span className="small" data-testid="map-elsewhere">
                  {t('documents.detail.mapElsewhere', {
                    system: target.system.name,
                    organisation: target.system.organisationName,
                  })}
                </span>
              )}
            </div>
          )}
        </div>
      )}
    </>
  );
};
