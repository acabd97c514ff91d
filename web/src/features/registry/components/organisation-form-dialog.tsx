import { ORGANISATION_KINDS, type Organisation, type OrganisationInput } from '@ccsc/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { useRegistryForm } from '../hooks/use-registry-form';
import {
  EMPTY_ORGANISATION,
  organisationChanges,
  organisationFieldOf,
  organisationFormOf,
  type OrganisationFormValues,
  organisationResolver,
} from '../utils/organisation-form-values';
import { CountryOptions } from './country-options';
import { SelectField, TextField } from './form-fields';

const MAX_IDENTIFIERS = 10;

interface OrganisationFormDialogProps {
  /** The organisation to edit, or null to register a new one. */
  organisation: Organisation | null;
  /** Whether the kind may be chosen (a PlatformAdmin's; fixed for anyone else on edit). */
  mayChangeKind: boolean;
  onCancel: () => void;
  onSaved: (organisation: Organisation) => void;
  /**
   * A 409 on edit: whether it was someone's change meanwhile (the screen then reloads and says
   * so, and closes the form); otherwise the server's message shows here.
   */
  wasStale?: () => Promise<boolean>;
}

/** "New organisation" and "Edit details": one form, checked with the server's own schema. */
export const OrganisationFormDialog = ({
  organisation,
  mayChangeKind,
  onCancel,
  onSaved,
  wasStale,
}: OrganisationFormDialogProps) => {
  const { t } = useTranslation();
  const defaultValues = organisation ? organisationFormOf(organisation) : EMPTY_ORGANISATION;
  const {
    values: watched,
    problemOf,
    set,
    bind,
    dialogProps,
    setMessage,
    send,
  } = useRegistryForm({
    resolver: organisationResolver,
    defaultValues,
    fieldOf: organisationFieldOf,
    failure: t('registry.saveFailed'),
    wasStale,
  });
  const values: OrganisationFormValues = {
    ...defaultValues,
    ...watched,
    identifiers: (watched.identifiers ?? defaultValues.identifiers).map((row) => ({
      label: row.label ?? '',
      value: row.value ?? '',
    })),
  };

  const setIdentifier = (index: number, part: 'label' | 'value', text: string) => {
    set(`identifiers.${index}.${part}`, text);
  };

  /** A row added or removed: the rows are checked again once the form was submitted. */
  const setIdentifiers = (rows: OrganisationFormValues['identifiers']) => {
    set('identifiers', rows);
  };

  const save = async (input: OrganisationInput) => {
    setMessage(null);
    let request;
    if (organisation === null) {
      request = callApi('create-organisation', input);
    } else {
      const changes = organisationChanges(organisation, input);
      if (Object.keys(changes).length === 0) {
        setMessage(t('registry.nothingChanged'));
        return;
      }
      request = callApi('update-organisation', {
        organisationId: organisation.organisationId,
        revision: organisation.revision,
        changes,
      });
    }
    await send(request, (answer) => {
      onSaved(answer.organisation);
    });
  };

  const kindProblem = problemOf('kind');
  return (
    <FormDialog
      title={t(
        organisation ? 'registry.organisations.editTitle' : 'registry.organisations.newTitle',
      )}
      {...dialogProps(save)}
      submitLabel={t(organisation ? 'registry.save' : 'registry.organisations.register')}
      onCancel={onCancel}
      testId="organisation-form"
    >
      <TextField
        id="organisation-name"
        label={t('registry.organisations.name')}
        {...bind('name')}
        maxLength={150}
      />
      <SelectField
        id="organisation-kind"
        label={t('registry.organisations.kind')}
        problem={kindProblem}
        value={values.kind}
        disabled={organisation !== null && !mayChangeKind}
        hint={
          organisation !== null && !mayChangeKind
            ? t('registry.organisations.kindFixed')
            : undefined
        }
        onChange={(v) => {
          set('kind', v);
        }}
      >
        <option value="">{t('registry.choose')}</option>
        {ORGANISATION_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`registry.kinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      <SelectField id="organisation-country" label={t('registry.country')} {...bind('country')}>
        <option value="">{t('registry.chooseCountry')}</option>
        <CountryOptions />
      </SelectField>
      <TextField
        id="organisation-contact"
        label={t('registry.organisations.contactEmail')}
        type="email"
        {...bind('contactEmail')}
        maxLength={254}
      />
      <fieldset className="col-12">
        <legend className="form-label fs-6">{t('registry.organisations.identifiers')}</legend>
        <p className="form-text mt-0">{t('registry.organisations.identifiersHint')}</p>
        {values.identifiers.map((row, index) => {
          const n = String(index);
          const labelProblem = problemOf(`identifiers.${index}.label`);
          const valueProblem = problemOf(`identifiers.${index}.value`);
          return (
            <div key={n} className="row g-2 mb-2 align-items-start">
              <TextField
                id={`organisation-identifier-${n}-label`}
                className="col-md-5"
                label={t('registry.organisations.identifierLabel', { number: index + 1 })}
                problem={labelProblem}
                value={row.label}
                maxLength={60}
                onChange={(v) => {
                  setIdentifier(index, 'label', v);
                }}
              />
              <TextField
                id={`organisation-identifier-${n}-value`}
                className="col-md-5"
                label={t('registry.organisations.identifierValue', { number: index + 1 })}
                problem={valueProblem}
                value={row.value}
                maxLength={100}
                onChange={(v) => {
                  setIdentifier(index, 'value', v);
                }}
              />
              <div className="col-md-2 pt-md-4 mt-md-2">
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  aria-label={t('registry.organisations.removeIdentifier', { number: index + 1 })}
                  onClick={() => {
                    setIdentifiers(values.identifiers.filter((_, i) => i !== index));
                  }}
                >
                  {t('registry.remove')}
                </button>
              </div>
            </div>
          );
        })}
        {values.identifiers.length < MAX_IDENTIFIERS && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => {
              setIdentifiers([...values.identifiers, { label: '', value: '' }]);
            }}
          >
            {t('registry.organisations.addIdentifier')}
          </button>
        )}
      </fieldset>
    </FormDialog>
  );
};
