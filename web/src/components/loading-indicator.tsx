import { useTranslation } from 'react-i18next';

/** A spinner and "Loading.Please wait..." (SPEC §2), announced to screen readers. */
export const LoadingIndicator = ({ className = '' }: { className?: string }) => {
  const { t } = useTranslation();
  return (
    <div className={`d-flex align-items-center gap-3 ${className}`}>
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span role="status">{t('common.loading')}</span>
    </div>
  );
};
