import type { StandardStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import type { Signature } from '../utils/standard-types';

const STATUS_BADGE: Record<StandardStatus, string> = {
  draft: 'text-bg-info',
  published: 'text-bg-success',
  retired: 'text-bg-secondary',
};

/** Draft, published or retired. */
export const StandardStatusBadge = ({ status }: { status: StandardStatus }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STATUS_BADGE[status]}`} data-testid="standard-status">
      {t(`standards.status.${status}`)}
    </span>
  );
};

/** The version the standard's systems use. */
export const InUseBadge = () => {
  const { t } = useTranslation();
  return <span className="badge text-bg-primary">{t('standards.inUse')}</span>;
};

/**
 * A published version's electronic signature, as 21 CFR 11.50 has it shown with the record: the
 * printed name, the date and time, and the meaning.
 */
export const SignatureLine = ({ signature }: { signature: Signature }) => {
  const { t, i18n } = useTranslation();
  return (
    <span data-testid="signature">
      {t('standards.signature', {
        name: signature.signerName,
        when: formatDateTime(signature.signedAt, i18n.resolvedLanguage ?? 'en'),
        meaning: t(`standards.meaning.${signature.meaning}`),
      })}
    </span>
  );
};
