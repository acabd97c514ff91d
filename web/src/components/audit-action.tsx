import { useTranslation } from 'react-i18next';

/**
 * An audit record's action as a person reads it: its label in the page's language ("Site
 * invited", "Prüfzentrum eingeladen"), the stable code beneath it (what the CSV export and the
 * filter use, marked as not to be translated). An action without a label shows its code alone.
 */
export const AuditAction = ({ action }: { action: string }) => {
  const { t, i18n } = useTranslation();
  const key = `auditAction.${action}`;
  if (!i18n.exists(key)) return <code translate="no">{action}</code>;
  return (
    <>
      <span>{t(key as 'auditAction.session.login')}</span>
      <code className="d-block small text-body-secondary" translate="no">
        {action}
      </code>
    </>
  );
};

/** A role as the users' screens name it ("Prüfer"), or the stored word when it is no role. */
export const RoleName = ({ role }: { role: string }) => {
  const { t, i18n } = useTranslation();
  const key = `users.roles.${role}`;
  return <>{i18n.exists(key) ? t(key as 'users.roles.Auditor') : role}</>;
};

/** What kind of record an audit record is about ("Studie"), or the stored word when unknown. */
export const TargetType = ({ type }: { type: string }) => {
  const { t, i18n } = useTranslation();
  const key = `auditTarget.${type}`;
  return <>{i18n.exists(key) ? t(key as 'auditTarget.study') : type}</>;
};
