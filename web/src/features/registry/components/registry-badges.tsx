import type { ConnectionStatus, RegistryStatus, StudyStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';

const REGISTRY_BADGE: Record<RegistryStatus, string> = {
  active: 'text-bg-success',
  inactive: 'text-bg-secondary',
};

const STUDY_BADGE: Record<StudyStatus, string> = {
  planned: 'text-bg-info',
  active: 'text-bg-success',
  closed: 'text-bg-secondary',
};

const CONNECTION_BADGE: Record<ConnectionStatus, string> = {
  invited: 'text-bg-info',
  active: 'text-bg-success',
  suspended: 'text-bg-warning',
  ended: 'text-bg-secondary',
  declined: 'text-bg-dark',
};

/** Active / inactive, of an organisation or a system. */
export const RegistryStatusBadge = ({ status }: { status: RegistryStatus }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${REGISTRY_BADGE[status]}`}>{t(`registry.status.${status}`)}</span>
  );
};

export const StudyStatusBadge = ({ status }: { status: StudyStatus }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STUDY_BADGE[status]}`}>{t(`registry.studyStatus.${status}`)}</span>
  );
};

export const ConnectionStatusBadge = ({ status }: { status: ConnectionStatus }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${CONNECTION_BADGE[status]}`} data-testid="connection-status">
      {t(`registry.connectionStatus.${status}`)}
    </span>
  );
};
