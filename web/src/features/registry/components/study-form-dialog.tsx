import { useQuery } from '@tanstack/react-query';
import { type RequestOf, STUDY_PHASES, type Study, studyInputSchema } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { allPages, callApi } from '../../../lib/api';
import { isConflict } from '../../../lib/refusals';
import { useFormProblems } from '../hooks/use-form-problems';
import { loadedOf } from '../../../lib/query-state';
import { registryKeys } from '../api/keys';
import { type Problems, problemsOfError, problemsOfIssues } from '../utils/form-problems';
import { SelectField, TextField } from './form-fields';

interface StudyFormValues {
  protocolNumber: string;
  title: string;
  phase: string;
  /** '' for none. */
  croOrganisationId: string;
}

const FIELDS = ['protocolNumber', 'title', 'phase', 'croOrganisationId'];

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

const toInput = (sponsorOrganisationId: string, values: StudyFormValues) => {
  const parsed = studyInputSchema.safeParse({
    sponsorOrganisationId,
    croOrganisationId: values.croOrganisationId === '' ? null : values.croOrganisationId,
    protocolNumber: values.protocolNumber,
    title: values.title,
    phase: values.phase === '' ? undefined : values.phase,
  });
  const problems: Problems = parsed.success ? {} : problemsOfIssues(parsed.error.issues);
  if (values.phase === '') problems.phase = 'This field is required.';
  return { input: parsed.success ? parsed.data : null, problems };
};

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
  const [values, setValues] = useState<StudyFormValues>({
    protocolNumber: study?.protocolNumber ?? '',
    title: study?.title ?? '',
    phase: study?.phase ?? '',
    croOrganisationId: study?.croOrganisationId ?? '',
  });
  const [server, setServer] = useState<Problems>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { input, problems } = toInput(sponsorOrganisationId, values);
  const form = useFormProblems(problems, server);

  const set = (field: keyof StudyFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.changed(field);
  };

  const save = async () => {
    form.submitted();
    if (input === null) return;
    setMessage(null);
    let request;
    if (study === null) {
      request = callApi('create-study', input);
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
    setSaving(true);
    try {
      onSaved((await request).study);
    } catch (err) {
      if (isConflict(err) && wasStale && (await wasStale())) return;
      setSaving(false);
      const refused = problemsOfError(err, t('registry.saveFailed'), FIELDS);
      setServer(refused.fields);
      setMessage(refused.message);
    }
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
      message={message}
      submitLabel={t(study ? 'registry.save' : 'registry.studies.create')}
      busyLabel={t('registry.saving')}
      saving={saving}
      onSubmit={() => void save()}
      onCancel={onCancel}
      size="lg"
      cancelWhileSaving
      testId="study-form"
    >
      <TextField
        id="study-protocolNumber"
        label={t('registry.studies.protocolNumber')}
        problem={form.problemOf('protocolNumber')}
        value={values.protocolNumber}
        maxLength={60}
        onChange={(v) => {
          set('protocolNumber', v);
        }}
      />
      <SelectField
        id="study-phase"
        label={t('registry.studies.phase')}
        problem={form.problemOf('phase')}
        value={values.phase}
        onChange={(v) => {
          set('phase', v);
        }}
      >
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
        problem={form.problemOf('title')}
        value={values.title}
        maxLength={300}
        onChange={(v) => {
          set('title', v);
        }}
      />
      <SelectField
        id="study-cro"
        label={t('registry.studies.cro')}
        problem={form.problemOf('croOrganisationId')}
        value={values.croOrganisationId}
        hint={cros.error !== null ? t('registry.studies.crosFailed') : undefined}
        onChange={(v) => {
          set('croOrganisationId', v);
        }}
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
