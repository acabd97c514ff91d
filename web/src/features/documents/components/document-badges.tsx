import type {
  DocumentState,
  HoldReason,
  ImportState,
  QuarantineReason,
} from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';

const STATE_BADGE: Record<DocumentState, string> = {
  'awaiting-upload': 'text-bg-secondary',
  received: 'text-bg-light border',
  'awaiting-scan': 'text-bg-light border',
  quarantined: 'text-bg-danger',
  classified: 'text-bg-info',
  delivered: 'text-bg-primary',
  acknowledged: 'text-bg-success',
  held: 'text-bg-warning',
  rejected: 'text-bg-danger',
  'recall-requested': 'text-bg-warning',
  recalled: 'text-bg-dark',
};

/**
 * Where the document is: awaiting upload, received, awaiting its malware scan, quarantined,
 * classified, delivered, acknowledged, held; sent back: rejected, recall requested, recalled.
 */
export const DocumentStateBadge = ({ state }: { state: DocumentState }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STATE_BADGE[state]}`} data-testid="document-state">
      {t(`documents.state.${state}`)}
    </span>
  );
};

/** Why the document is held, in a few words (the detail says it in full). */
export const HoldReasonBadge = ({ reason }: { reason: HoldReason }) => {
  const { t } = useTranslation();
  return (
    <span
      className="badge bg-warning-subtle text-warning-emphasis border border-warning-subtle text-wrap"
      data-testid="hold-reason"
    >
      {t(`documents.holdReason.${reason}`)}
    </span>
  );
};

/** Why the document is quarantined, in a few words (the detail says what was found). */
export const QuarantineReasonBadge = ({ reason }: { reason: QuarantineReason }) => {
  const { t } = useTranslation();
  return (
    <span
      className="badge bg-danger-subtle text-danger-emphasis border border-danger-subtle text-wrap"
      data-testid="quarantine-reason"
    >
      {t(`documents.quarantineReason.${reason}`)}
    </span>
  );
};

const IMPORT_BADGE: Record<ImportState, string> = {
  'awaiting-upload': 'text-bg-secondary',
  importing: 'text-bg-info',
  completed: 'text-bg-success',
  rejected: 'text-bg-danger',
};

/**
 * Where an eTMF-EMS import is: awaiting upload, importing, completed, rejected. The server says
 * `importing` until the import is done, also of one nobody carries on (its dialog closed): unless
 * this reader is moving it on (`moving`), it reads "Importing — not finished".
 */
export const ImportStateBadge = ({
  state,
  moving = false,
}: {
  state: ImportState;
  moving?: boolean;
}) => {
  const { t } = useTranslation();
  const stalled = state === 'importing' && !moving;
  return (
    <span
      className={`badge ${stalled ? 'text-bg-warning' : IMPORT_BADGE[state]}`}
      data-testid="import-state"
    >
      {stalled ? t('documents.importState.notFinished') : t(`documents.importState.${state}`)}
    </span>
  );
};
