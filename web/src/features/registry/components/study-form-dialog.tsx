import { useQuery } from '@tanstack/react-query';
import {
  registryTextSchema,
  type RequestOf,
  STUDY_PHASES,
  type Study,
  type StudyInput,
  studyInputSchema,
  studyPhaseSchema,
} from '@ccsc/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { allPages, callApi } from '../../../lib/api';
import { loadedOf } from '../../../lib/query-state';
import { registryKeys } from '../api/keys';
import { useRegistryForm } from '../hooks/use-registry-form';
import { SelectField, TextField } from './form-fields';

interface StudyFormValues {
  protocolNumber: string;
  title: string;
  phase: string;
  /** '' (as the select holds it) or null for none: the schema's input. */
  croOrganisationId?: string | null;
}

const FIELDS: readonly FieldPath<StudyFormValues>[] = [
  'protocolNumber',
  'title',
  'phase',
  'croOrganisationId',
];

/** The form's field of a server path (an update names them inside `changes.`). */
const fieldOf = (path: string): FieldPath<StudyFormValues> | null =>
  FIELDS.find((field) => field === path.replace(/^changes\./, '')) ?? null;

type Changes = RequestOf<'update-study'>['changes'];

/**
 * The active CROs a study may name (every page of them): the CRO directory, which a sponsor's
 * OrgAdmin may search like the site directory — the organisation list would show them only the
 * CROs a connection already links them to.
 */
const loadCros = () =>
  allPages(async (cursor) => {
    const page = await callApi('search-site-directory', {
      kind: 'cro',
      limit: 100,
      ...(cursor === undefined ? {} : { cursor }),
    });
    return { items: page.sites, nextCursor: page.nextCursor };
  });

type StudyFields = Omit<StudyInput, 'sponsorOrganisationId'>;

/**
 * The server's own schema (studyInputSchema, without the sponsor the dialog adds); a phase not
 * chosen yet ('') is "required" before it is checked as a choice.
 */
const contractResolver = zodResolver(
  studyInputSchema
    .omit({ sponsorOrganisationId: true })
    .extend({ phase: registryTextSchema(40).pipe(studyPhaseSchema) }),
);

/** The form's values as the schema takes them: no CRO ('') is null. */
const resolver: Resolver<StudyFormValues, unknown, StudyFields> = (values, context, options) =>
  contractResolver(
    {
      ...values,
      croOrganisationId: values.croOrganisationId === '' ? null : values.croOrganisationId,
    },
    context,
    options,
  );

interface StudyFormDialogProps {
  sponsorOrganisationId: string;
  /** The study to edit, or null for a new one. */
  study: Study | null;
  onCancel: () => void;
  onSaved: (study: Study) => void;
  /** A 409 on edit: whether someone changed the study meanwhile (the screen then says so). */
  wasStale?: () => Promise<boolean>;
}

/** "New study" and "Edit study" of a sponsor, checked with the server's schema. */
export const StudyFormDialog = ({
  sponsorOrganisationId,
  study,
  onCancel,
  onSaved,
  wasStale,
}: StudyFormDialogProps) => {
  const { t } = useTranslation();
  const cros = loadedOf(useQuery({ queryKey: registryKeys.cros(), queryFn: loadCros }));
  const { bind, dialogProps, setMessage, send } = useRegistryForm({
    resolver,
    defaultValues: {
      protocolNumber: study?.protocolNumber ?? '',
      title: study?.title ?? '',
      phase: study?.phase ?? '',
      croOrganisationId: study?.croOrganisationId ?? '',
    },
    fieldOf,
    failure: t('registry.saveFailed'),
    wasStale,
  });

  const save = async (input: StudyFields) => {
    setMessage(null);
    let request;
    if (study === null) {
      request = callApi('create-study', { sponsorOrganisationId, ...input });
    } else {
      const changes: Changes = {};
      if (input.protocolNumber !== study.protocolNumber) {
        changes.protocolNumber = input.protocolNumber;
      }
      if (input.title !== study.title) changes.title = input.title;
      if (input.phase !== study.phase) changes.phase = input.phase;
      const cro = input.croOrganisationId ?? null;
      if (cro !== study.croOrganisationId) changes.croOrganisationId = cro;
      if (Object.keys(changes).length === 0) {
        setMessage(t('registry.nothingChanged'));
        return;
      }
      request = callApi('update-study', {
        studyId: study.studyId,
        revision: study.revision,
        changes,
      });
    }
    await send(request, (answer) => {
      onSaved(answer.study);
    });
  };

  // A study's CRO stays on offer even if it is inactive now.
  const croChoices = [...(cros.value ?? [])].map((o) => ({ id: o.organisationId, name: o.name }));
  if (study?.croOrganisationId && !croChoices.some((c) => c.id === study.croOrganisationId)) {
    croChoices.unshift({
      id: study.croOrganisationId,
      name: study.croName ?? study.croOrganisationId,
    });
  }

  return (
    <FormDialog
      title={t(study ? 'registry.studies.editTitle' : 'registry.studies.newTitle')}
      {...dialogProps(save)}
      submitLabel={t(study ? 'registry.save' : 'registry.studies.create')}
      onCancel={onCancel}
      testId="study-form"
    >
      <TextField
        id="study-protocolNumber"
        label={t('registry.studies.protocolNumber')}
        {...bind('protocolNumber')}
        maxLength={60}
      />
      <SelectField id="study-phase" label={t('registry.studies.phase')} {...bind('phase')}>
        <option value="">{t('registry.choose')}</option>
        {STUDY_PHASES.map((phase) => (
          <option key={phase} value={phase}>
            {t(`registry.phases.${phase}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="study-title"
        className="col-12"
        label={t('registry.studies.title')}
        {...bind('title')}
        maxLength={300}
      />
      <SelectField
        id="study-cro"
        label={t('registry.studies.cro')}
        {...bind('croOrganisationId')}
        hint={cros.error !== null ? t('registry.studies.crosFailed') : undefined}
      >
        <option value="">{t('registry.studies.noCro')}</option>
        {croChoices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
};
