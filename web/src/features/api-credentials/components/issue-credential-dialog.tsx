import { type ApiCredential, API_SCOPES, fullScope, type OrgSystem } from '@ccsc/contract';
import type { RegistryActor } from '@ccsc/contract/registry-access';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPathValue, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { allPages, callApi } from '../../../lib/api';
import { fieldMessageKey } from '../../../lib/field-messages';
import { formatDisplayDate } from '../../../lib/dates';
import { messageOfError } from '../../../lib/refusals';
import { credentialKeys } from '../api/keys';
import {
  type Field,
  issueResolver,
  type IssueRequest,
  type IssueValues,
  newRequestKey,
} from '../utils/issue-form-values';
import {
  earliestExpiryDay,
  expiresAtOfDay,
  latestExpiryDay,
  mayManageSystems,
} from '../utils/credential-rules';
import { useScopeText } from './credential-badges';
import { DateField } from '../../../components/date-field';

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
  // One key for this form: a second "Issue" after an error or a lost answer gets the credential
  // the first one issued, never a second credential (issue 32).
  const [requestKey] = useState(newRequestKey);
  const earliest = earliestExpiryDay(now);
  const latest = latestExpiryDay(now);
  const [resolver] = useState(() => issueResolver(now, requestKey));
  const defaultValues: IssueValues = {
    systemId: '',
    scopes: [],
    expiresAt: latest,
    contactEmail: '',
    description: '',
  };
  const { control, setValue, handleSubmit, formState } = useForm({
    resolver,
    // Problems show once Issue was pressed, then follow each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues,
  });
  const watched = useWatch({ control });
  const {
    systemId,
    expiresAt: expiryDay,
    contactEmail,
    description,
  } = {
    ...defaultValues,
    ...watched,
  };
  const scopes: readonly string[] = watched.scopes ?? [];
  const submitted = formState.isSubmitted;
  const client = useQueryClient();
  const issue = useMutation({
    mutationFn: (request: IssueRequest) => callApi('generateApiCredential', request),
    // The screen loads the page of the list it shows itself; the others are stale.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: credentialKeys.lists(), refetchType: 'none' });
    },
  });
  const saving = issue.isPending || issue.isSuccess;
  const [message, setMessage] = useState<string | null>(null);

  const set = <F extends Field>(field: F, value: FieldPathValue<IssueValues, F>) => {
    setValue(field, value, { shouldValidate: submitted });
  };

  const problemOf = (field: Field): string | null => {
    const problem = formState.errors[field]?.message;
    if (problem === undefined) return null;
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

  const submit = async (request: IssueRequest) => {
    setMessage(null);
    try {
      const { credential } = await issue.mutateAsync(request);
      onIssued(credential);
    } catch (err) {
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
      onSubmit={() => void handleSubmit(submit)()}
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
            set('systemId', chosen?.systemId ?? '');
            set('contactEmail', chosen?.technicalContactEmail ?? '');
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
                  set(
                    'scopes',
                    API_SCOPES.map((s) => fullScope(s.name)).filter((s) =>
                      s === scope ? on : scopes.includes(s),
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
        <DateField
          id="issue-expiry"
          className={`form-control${invalid('expiresAt')}`}
          min={earliest}
          max={latest}
          required
          value={expiryDay}
          aria-describedby={described('expiresAt', 'issue-expiry-problem') ?? 'issue-expiry-help'}
          onChange={(day) => {
            set('expiresAt', day);
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
            set('contactEmail', e.target.value);
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
            set('description', e.target.value);
          }}
        />
        {feedback('description', 'issue-description-problem')}
      </div>
    </FormDialog>
  );
};
