import { useTranslation } from 'react-i18next';

/**
 * Shown instead of the app when /config.json cannot be loaded or is invalid: nothing else can
 * work without it (not even the product name is known).
 */
export const ConfigErrorPage = ({ detail }: { detail: string }) => {
  const { t } = useTranslation();
  return (
    <main className="container py-5" style={{ maxWidth: '40rem' }}>
      <div className="alert alert-danger" role="alert">
        <h1 className="h4 alert-heading">{t('configError.title')}</h1>
        <p>{t('configError.body')}</p>
        <p className="small mb-0">
          {t('configError.details')}: <code>{detail}</code>
        </p>
      </div>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('configError.reload')}
      </button>
    </main>
  );
};
