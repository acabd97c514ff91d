import { useQuery } from '@tanstack/react-query';
import {
  type Connection,
  type InviteSiteInput,
  inviteSiteInputSchema,
  type ResponseOf,
  type Study,
} from '@ccsc/contract';
import { mayInvite, type RegistryActor } from '@ccsc/contract/registry-access';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { allPages, callApi } from '../../../lib/api';
import { useCountries } from '../hooks/use-countries';
import { useRegistryForm } from '../hooks/use-registry-form';
import { withChoicesRequired } from '../../../lib/contract-resolver';
import { loadedOf } from '../../../lib/query-state';
import { registryKeys } from '../api/keys';
import { CountryOptions } from './country-options';
import { SelectField, TextField } from './form-fields';
import { validSearch } from '../utils/valid-search';

type Site = ResponseOf<'search-site-directory'>['sites'][number];

interface InviteValues {
  studyId: string;
  siteOrganisationId: string;
  siteNumber: string;
  country: string;
  principalInvestigator: string;
  sponsorSystemId: string;
}

const FIELDS: readonly FieldPath<InviteValues>[] = [
  'studyId',
  'siteOrganisationId',
  'siteNumber',
  'country',
  'principalInvestigator',
  'sponsorSystemId',
];

/** The form's field of a server path, or null for one it does not show. */
const fieldOf = (path: string): FieldPath<InviteValues> | null =>
  FIELDS.find((field) => field === path) ?? null;

const EMPTY: InviteValues = {
  studyId: '',
  siteOrganisationId: '',
  siteNumber: '',
  country: '',
  principalInvestigator: '',
  sponsorSystemId: '',
};

/** The invitation checked with the server's schema; the choices not made yet are required. */
const resolver = withChoicesRequired<InviteValues, InviteSiteInput>(
  zodResolver(inviteSiteInputSchema),
  ['studyId', 'siteOrganisationId', 'country', 'sponsorSystemId'],
);

/** The studies the caller may invite sites to: theirs (sponsor or CRO), not closed. */
const loadStudies = (organisationId: string) =>
  allPages(async (cursor) => {
    const page = await callApi('list-studies', {
      limit: 100,
      ...(organisationId === '' ? {} : { organisationId }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.studies, nextCursor: page.nextCursor };
  });

/** The active systems of the study's sponsor and of its CRO, either of which may exchange. */
const loadSponsorSystems = async (key: string) => {
  const owners = key.split('\n').filter(Boolean);
  const results = await Promise.allSettled(
    owners.map((organisationId) =>
      allPages(async (cursor) => {
        const page = await callApi('getOrgSysList', {
          organisationId,
          status: 'active',
          limit: 100,
          ...(cursor === undefined ? {} : { cursor }),
        });
        return { items: page.systems, nextCursor: page.nextCursor };
      }),
    ),
  );
  const systems = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  if (systems.length === 0) {
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return systems;
};

const searchSites = async (search: string) =>
  (
    await callApi('search-site-directory', {
      limit: 20,
      ...(search === '' ? {} : { search }),
    })
  ).sites;

interface InviteSiteDialogProps {
  actor: RegistryActor;
  onCancel: () => void;
  onInvited: (connection: Connection) => void;
}

/**
 * Invite a site to a study (a PlatformAdmin, or the OrgAdmin of the study's sponsor or CRO): the
 * study, the site found in the directory, its site number, country and principal investigator,
 * and the sponsor-side system that will exchange. Checked with the server's schema.
 */
export const InviteSiteDialog = ({ actor, onCancel, onInvited }: InviteSiteDialogProps) => {
  const { t } = useTranslation();
  const { nameOf } = useCountries();
  const {
    form,
    values: watched,
    problemOf,
    dialogProps,
    setMessage,
    send,
  } = useRegistryForm({
    resolver,
    defaultValues: EMPTY,
    fieldOf,
    failure: t('registry.actionFailed'),
  });
  const values = { ...EMPTY, ...watched };
  const [siteText, setSiteText] = useState('');
  const [siteSearch, setSiteSearch] = useState('');
  const [chosenSite, setChosenSite] = useState<Site | null>(null);

  const scopedTo = actor.role === 'PlatformAdmin' ? '' : (actor.organisationId ?? '');
  const studies = loadedOf(
    useQuery({ queryKey: registryKeys.studies(scopedTo), queryFn: () => loadStudies(scopedTo) }),
  );
  const invitable: Study[] = (studies.value ?? []).filter(
    (s) => s.status !== 'closed' && mayInvite(actor, s),
  );
  const study = invitable.find((s) => s.studyId === values.studyId) ?? null;
  const owners = study
    ? [study.sponsorOrganisationId, study.croOrganisationId ?? ''].join('\n')
    : null;
  const sponsorSystems = loadedOf(
    useQuery({
      queryKey: registryKeys.sponsorSystems(owners),
      queryFn: () => loadSponsorSystems(owners ?? ''),
      enabled: owners !== null,
    }),
  );
  const sites = loadedOf(
    useQuery({
      queryKey: registryKeys.siteDirectory(siteSearch),
      queryFn: () => searchSites(siteSearch),
    }),
  );

  // The directory is searched once typing pauses, with what the server accepts.
  const searched = validSearch(siteText);
  useEffect(() => {
    if (searched === null || (searched ?? '') === siteSearch) return;
    const timer = setTimeout(() => {
      setSiteSearch(searched ?? '');
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [searched, siteSearch]);

  const set = (patch: Partial<InviteValues>) => {
    for (const field of FIELDS) {
      const value = patch[field];
      if (value !== undefined) {
        form.setValue(field, value, { shouldValidate: true, shouldDirty: true });
      }
    }
  };

  const save = async (input: InviteSiteInput) => {
    setMessage(null);
    await send(callApi('invite-site', input), (answer) => {
      onInvited(answer.connection);
    });
  };

  const siteProblem = problemOf('siteOrganisationId');
  return (
    <FormDialog
      title={t('registry.invite.title')}
      {...dialogProps(save)}
      submitLabel={t('registry.invite.submit')}
      onCancel={onCancel}
      testId="invite-site-form"
    >
      <SelectField
        id="invite-study"
        className="col-12"
        label={t('registry.invite.study')}
        problem={problemOf('studyId')}
        value={values.studyId}
        hint={
          studies.error !== null
            ? t('registry.invite.studiesFailed')
            : studies.value !== null && invitable.length === 0
              ? t('registry.invite.noStudies')
              : undefined
        }
        onChange={(v) => {
          set({ studyId: v, sponsorSystemId: '' });
        }}
      >
        <option value="">{studies.loading ? t('common.loading') : t('registry.choose')}</option>
        {invitable.map((s) => (
          <option key={s.studyId} value={s.studyId}>
            {`${s.protocolNumber} — ${s.title} (${s.sponsorName})`}
          </option>
        ))}
      </SelectField>

      <fieldset
        className="col-12"
        aria-describedby={siteProblem ? 'invite-site-problem' : undefined}
      >
        <legend className="form-label fs-6">{t('registry.invite.site')}</legend>
        <label className="visually-hidden" htmlFor="invite-site-search">
          {t('registry.invite.siteSearch')}
        </label>
        <input
          id="invite-site-search"
          type="search"
          className={`form-control mb-2${searched === null ? ' is-invalid' : ''}`}
          placeholder={t('registry.invite.siteSearch')}
          maxLength={128}
          value={siteText}
          onChange={(e) => {
            setSiteText(e.target.value);
          }}
        />
        {searched === null && (
          <div className="invalid-feedback d-block">{t('registry.searchInvalid')}</div>
        )}
        <div
          className="list-group overflow-auto"
          style={{ maxHeight: '14rem' }}
          role="radiogroup"
          aria-label={t('registry.invite.siteResults')}
          aria-busy={sites.loading}
          data-testid="site-directory"
        >
          {(sites.value ?? []).map((site) => (
            <label key={site.organisationId} className="list-group-item d-flex gap-2">
              <input
                type="radio"
                className="form-check-input flex-shrink-0"
                name="invite-site"
                value={site.organisationId}
                checked={values.siteOrganisationId === site.organisationId}
                onChange={() => {
                  setChosenSite(site);
                  set({ siteOrganisationId: site.organisationId, country: site.country });
                }}
              />
              <span>
                {site.name}
                <span className="small text-body-secondary">
                  {` · ${nameOf(site.country)}`}
                  {site.identifiers.length > 0 &&
                    ` · ${site.identifiers.map((i) => `${i.label}: ${i.value}`).join(', ')}`}
                </span>
              </span>
            </label>
          ))}
        </div>
        {sites.value !== null && sites.value.length === 0 && (
          <p className="form-text">{t('registry.invite.noSites')}</p>
        )}
        {sites.error !== null && (
          <p className="text-danger small" role="alert">
            {t('registry.invite.sitesFailed')}
          </p>
        )}
        {chosenSite && (
          <p className="form-text" data-testid="invite-chosen-site">
            {t('registry.invite.chosen', { name: chosenSite.name })}
          </p>
        )}
        {siteProblem && (
          <div id="invite-site-problem" className="invalid-feedback d-block">
            {siteProblem}
          </div>
        )}
      </fieldset>

      <TextField
        id="invite-site-number"
        label={t('registry.invite.siteNumber')}
        problem={problemOf('siteNumber')}
        value={values.siteNumber}
        maxLength={20}
        onChange={(v) => {
          set({ siteNumber: v });
        }}
      />
      <SelectField
        id="invite-country"
        label={t('registry.country')}
        problem={problemOf('country')}
        value={values.country}
        hint={t('registry.invite.countryHint')}
        onChange={(v) => {
          set({ country: v });
        }}
      >
        <option value="">{t('registry.chooseCountry')}</option>
        <CountryOptions />
      </SelectField>
      <TextField
        id="invite-investigator"
        label={t('registry.connections.investigator')}
        problem={problemOf('principalInvestigator')}
        value={values.principalInvestigator}
        maxLength={150}
        onChange={(v) => {
          set({ principalInvestigator: v });
        }}
      />
      <SelectField
        id="invite-sponsor-system"
        label={t('registry.connections.sponsorSystem')}
        problem={problemOf('sponsorSystemId')}
        value={values.sponsorSystemId}
        disabled={study === null}
        hint={
          study === null
            ? t('registry.invite.chooseStudyFirst')
            : sponsorSystems.error !== null
              ? t('registry.invite.systemsFailed')
              : sponsorSystems.value !== null && sponsorSystems.value.length === 0
                ? t('registry.invite.noSponsorSystems')
                : undefined
        }
        onChange={(v) => {
          set({ sponsorSystemId: v });
        }}
      >
        <option value="">
          {study !== null && sponsorSystems.loading ? t('common.loading') : t('registry.choose')}
        </option>
        {(sponsorSystems.value ?? []).map((s) => (
          <option key={s.systemId} value={s.systemId}>
            {`${s.organisationName} — ${s.name} (${t(`registry.systemKinds.${s.kind}`)}, ${t(`registry.environments.${s.environment}`)})`}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
};
