import type { DocumentSummary } from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';
import { HoldReasonBadge, QuarantineReasonBadge } from './document-badges';

/**
 * The classification path in short: the sender's type → the TMF artifact → the receiver's type,
 * as far as the hub has come; or, for a held or quarantined document, why.
 */
export const ClassificationShort = ({ document }: { document: DocumentSummary }) => {
  const { t } = useTranslation();
  if (document.quarantineReason !== null) {
    return <QuarantineReasonBadge reason={document.quarantineReason} />;
  }
  if (document.holdReason !== null) return <HoldReasonBadge reason={document.holdReason} />;
  const { artifactNumber, receiverTypeCode } = document;
  const steps = [document.typeCode];
  if (artifactNumber !== null) {
    steps.push(artifactNumber);
    if (receiverTypeCode !== null) steps.push(receiverTypeCode);
  }
  return (
    <span className="font-monospace small text-nowrap" data-testid="classification-short">
      {steps.map((step, i) => (
        <span key={i}>
          {i > 0 && (
            <>
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> {t('documents.mapsTo')} </span>
            </>
          )}
          {step}
        </span>
      ))}
    </span>
  );
};
