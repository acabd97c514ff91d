import type { ApiCredential, ApiScope, CredentialStatus } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { scopeEntryOf, SCOPE_TEXT_KEYS } from '../utils/credential-rules';

const STATUS_BADGE: Record<CredentialStatus, string> = {
  pending: 'text-bg-info',
  active: 'text-bg-success',
  expiring: 'text-bg-warning',
  expired: 'text-bg-secondary',
  revoked: 'text-bg-dark',
  broken: 'text-bg-danger',
};

export const CredentialStatusBadge = ({ status }: { status: CredentialStatus }) => {
  const { t } = useTranslation();
  return (
    <span className={`badge ${STATUS_BADGE[status]}`} data-testid="credential-status">
      {t(`credentials.status.${status}`)}
    </span>
  );
};

/** What a scope allows, in the reader's language (the contract's English for one it adds later). */
export const useScopeText = () => {
  const { t } = useTranslation();
  return (scope: ApiScope): string => {
    const entry = scopeEntryOf(scope);
    if (entry === null) return scope;
    return t(`credentials.scopeDescriptions.${SCOPE_TEXT_KEYS[entry.name]}`, {
      defaultValue: entry.description,
    });
  };
};

/** The scopes as a list: each one's name, and what it allows. */
export const ScopeList = ({ scopes }: { scopes: ApiCredential['scopes'] }) => {
  const describe = useScopeText();
  return (
    <ul className="list-unstyled mb-0">
      {scopes.map((scope) => (
        <li key={scope}>
          <code>{scope}</code>
          <div className="small text-body-secondary">{describe(scope)}</div>
        </li>
      ))}
    </ul>
  );
};
