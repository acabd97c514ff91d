import {
  type ApiCredential,
  API_SCOPES,
  type ApiScope,
  credentialRoutes,
  fullScope,
  type OrgSystem,
} from '@ccsc/contract';
import type { RegistryActor } from '@ccsc/contract/registry-access';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { allPages, callApi } from '../../../lib/api';
import { fieldMessageKey } from '../../../lib/field-messages';
import { formatDisplayDate } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { credentialKeys } from '../api/keys';
import {
  earliestExpiryDay,
  expiresAtOfDay,
  expiryDayFits,
  latestExpiryDay,
  mayManageSystems,
} from '../utils/credential-rules';
import { useScopeText } from './credential-badges';

const issueRequest = credentialRoutes.generateApiCredential.request;
const FIELDS = ['systemId', 'scopes', 'expiresAt', 'contactEmail', 'description'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A random key for one form (122 bits, a UUID's form). randomUUID only exists in secure contexts;
 * getRandomValues everywhere (a console reached over plain http on a private address).
 */
const newRequestKey = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The active systems the caller may issue a credential for: those whose organisation they manage. */
const loadSystems = (actor: RegistryActor): Promise<OrgSystem[]> =>
  allPages(async (cursor) => {
    const page = await callApi('getOrgSysList', {
      status: 'active',
      limit: 100,
      ...(actor.role === 'PlatformAdmin' || actor.organisationId === null
        ? {}
        : { organisationId: actor.organisationId }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.systems, nextCursor: page.nextCursor };
  }).then((systems) => systems.filter((s) => mayManageSystems(actor, s.organisationId)));

/** Systems by organisation, each organisation once, in the order the server lists them. */
const byOrganisation = (systems: readonly OrgSystem[]) => {
  const groups = new Map<string, { name: string; systems: OrgSystem[] }>();
  for (const s of systems) {
    const group = groups.get(s.organisationId) ?? { name: s.organisationName, systems: [] };
    group.systems.push(s);
    groups.set(s.organisationId, group);
  }
  return [...groups.entries()];
};

type Systems =
  { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; systems: OrgSystem[] };

interface IssueCredentialDialogProps {
  actor: RegistryActor;
  now: Date;
  onCancel: () => void;
  onIssued: (credential: ApiCredential) => void;
}

/**
 * Issue a credential (generateApiCredential): an active system the caller manages, the scopes it
 * needs (each with what it allows), an expiry at most 12 months ahead (12 by default), its
 * technical contact (the system's, unless changed), a description. The server sends the link to
 * the contact; the secret never comes back here.
 */
export const IssueCredentialDialog = ({
  actor,
  now,
  onCancel,
  onIssued,
}: IssueCredentialDialogProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const describe = useScopeText();
  const systemsQuery = useQuery({
    queryKey: credentialKeys.systems(actor),
    queryFn: () => loadSystems(actor),
  });
  let systems: Systems = { state: 'loading' };
  if (!systemsQuery.isFetching && systemsQuery.isError) systems = { state: 'failed' };
  else if (systemsQuery.isSuccess) systems = { state: 'loaded', systems: systemsQuery.data };
  const [systemId, setSystemId] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiryDay, setExpiryDay] = useState(() => latestExpiryDay(now));
  const [contactEmail, setContactEmail] = useState('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // One key for this form: a second "Issue" after an error or a lost answer gets the credential
  // the first one issued, never a second credential (issue 32).
  const [requestKey] = useState(newRequestKey);
  const earliest = earliestExpiryDay(now);
  const latest = latestExpiryDay(now);

  const trimmedDescription = description.trim();
  const request = {
    systemId,
    scopes,
    expiresAt: expiresAtOfDay(expiryDay),
    contactEmail,
    ...(trimmedDescription === '' ? {} : { description: trimmedDescription }),
    requestKey,
  };
  const parsed = issueRequest.safeParse(request);
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = FIELDS.find((f) => f === issue.path[0]);
    if (field !== undefined) problems[field] ??= issue.message;
  }
  if (!expiryDayFits(expiryDay, now)) problems.expiresAt = 'expiry';

  const problemOf = (field: Field): string | null => {
    const problem = problems[field];
    if (!submitted || problem === undefined) return null;
    switch (field) {
      case 'systemId':
        return t('credentials.issue.systemRequired');
      case 'scopes':
        return t('credentials.issue.scopeRequired');
      case 'expiresAt':
        return t('credentials.issue.expiryInvalid', {
          earliest: formatDisplayDate(expiresAtOfDay(earliest), language),
          latest: formatDisplayDate(expiresAtOfDay(latest), language),
        });
      default: {
        const key = fieldMessageKey(problem);
        if (key) return t(key);
        return problem === 'Email cannot be empty'
          ? t('credentials.issue.contactRequired')
          : t('credentials.issue.fieldInvalid');
      }
    }
  };

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success || problems.expiresAt !== undefined) return;
    setSaving(true);
    setMessage(null);
    try {
      const { credential } = await callApi('generateApiCredential', parsed.data);
      onIssued(credential);
    } catch (err) {
      setSaving(false);
      setMessage(messageOfError(err, t('credentials.issue.failed'), { namingFields: true }));
    }
  };

  const invalid = (field: Field) => (problemOf(field) === null ? '' : ' is-invalid');
  const feedback = (field: Field, id: string) => {
    const problem = problemOf(field);
    return problem === null ? null : (
      <div id={id} className="invalid-feedback d-block">
        {problem}
      </div>
    );
  };
  const described = (field: Field, id: string) => (problemOf(field) === null ? undefined : id);
  const choices = systems.state === 'loaded' ? systems.systems : [];

  return (
    <FormDialog
      title={t('credentials.issue.title')}
      message={message}
      submitLabel={t('credentials.issue.submit')}
      busyLabel={t('credentials.working')}
      saving={saving}
      submitDisabled={systems.state !== 'loaded' || choices.length === 0}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      size="lg"
      testId="issue-credential-dialog"
    >
      <div className="col-12">
        <label className="form-label" htmlFor="issue-system">
          {t('credentials.issue.system')}
        </label>
        <select
          id="issue-system"
          className={`form-select${invalid('systemId')}`}
          value={systemId}
          disabled={systems.state !== 'loaded'}
          aria-describedby={described('systemId', 'issue-system-problem')}
          onChange={(e) => {
            const chosen = choices.find((s) => s.systemId === e.target.value);
            setSystemId(chosen?.systemId ?? '');
            setContactEmail(chosen?.technicalContactEmail ?? '');
          }}
        >
          <option value="">
            {systems.state === 'loading'
              ? t('common.loading')
              : t('credentials.issue.chooseSystem')}
          </option>
          {byOrganisation(choices).map(([organisationId, group]) => (
            <optgroup key={organisationId} label={group.name}>
              {group.systems.map((s) => (
                <option key={s.systemId} value={s.systemId}>
                  {`${s.name} (${group.name})`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {feedback('systemId', 'issue-system-problem')}
        {systems.state === 'failed' && (
          <RetryAlert
            message={t('credentials.issue.systemsFailed')}
            retryLabel={t('credentials.retry')}
            onRetry={() => {
              void systemsQuery.refetch();
            }}
            className="mt-2 gap-2"
          />
        )}
        {systems.state === 'loaded' && choices.length === 0 && (
          <p className="alert alert-secondary mt-2 mb-0" role="status">
            {t('credentials.issue.noSystems')}
          </p>
        )}
      </div>
      <fieldset className="col-12" aria-describedby={described('scopes', 'issue-scopes-problem')}>
        <legend className="form-label fs-6">{t('credentials.issue.scopes')}</legend>
        <p className="small text-body-secondary mb-2">{t('credentials.issue.scopesHelp')}</p>
        {API_SCOPES.map((entry) => {
          const scope = fullScope(entry.name);
          const id = `issue-scope-${entry.name}`;
          return (
            <div className="form-check" key={scope}>
              <input
                id={id}
                type="checkbox"
                className={`form-check-input${invalid('scopes')}`}
                checked={scopes.includes(scope)}
                aria-describedby={`${id}-text`}
                onChange={(e) => {
                  const on = e.target.checked;
                  // In the contract's order, whatever order they were ticked in.
                  setScopes((chosen) =>
                    API_SCOPES.map((s) => fullScope(s.name)).filter((s) =>
                      s === scope ? on : chosen.includes(s),
                    ),
                  );
                }}
              />
              <label className="form-check-label" htmlFor={id}>
                <code>{scope}</code>
              </label>
              <div id={`${id}-text`} className="small text-body-secondary">
                {describe(scope)}
              </div>
            </div>
          );
        })}
        {feedback('scopes', 'issue-scopes-problem')}
      </fieldset>
      <div className="col-md-6">
        <label className="form-label" htmlFor="issue-expiry">
          {t('credentials.issue.expiry')}
        </label>
        <input
          id="issue-expiry"
          type="date"
          className={`form-control${invalid('expiresAt')}`}
          min={earliest}
          max={latest}
          required
          value={expiryDay}
          aria-describedby={described('expiresAt', 'issue-expiry-problem') ?? 'issue-expiry-help'}
          onChange={(e) => {
            setExpiryDay(e.target.value);
          }}
        />
        <div id="issue-expiry-help" className="form-text">
          {t('credentials.issue.expiryHelp', {
            latest: formatDisplayDate(expiresAtOfDay(latest), language),
          })}
        </div>
        {feedback('expiresAt', 'issue-expiry-problem')}
      </div>
      <div className="col-md-6">
        <label className="form-label" htmlFor="issue-contact">
          {t('credentials.issue.contact')}
        </label>
        <input
          id="issue-contact"
          type="email"
          className={`form-control${invalid('contactEmail')}`}
          maxLength={254}
          autoComplete="off"
          value={contactEmail}
          aria-describedby={
            described('contactEmail', 'issue-contact-problem') ?? 'issue-contact-help'
          }
          onChange={(e) => {
            setContactEmail(e.target.value);
          }}
        />
        <div id="issue-contact-help" className="form-text">
          {t('credentials.issue.contactHelp')}
        </div>
        {feedback('contactEmail', 'issue-contact-problem')}
      </div>
      <div className="col-12">
        <label className="form-label" htmlFor="issue-description">
          {t('credentials.issue.description')}
        </label>
        <input
          id="issue-description"
          type="text"
          className={`form-control${invalid('description')}`}
          maxLength={200}
          value={description}
          aria-describedby={described('description', 'issue-description-problem')}
          onChange={(e) => {
            setDescription(e.target.value);
          }}
        />
        {feedback('description', 'issue-description-problem')}
      </div>
    </FormDialog>
  );
};
