import {
  type OrgSystem,
  type RequestOf,
  SYSTEM_ENVIRONMENTS,
  SYSTEM_KINDS,
  systemInputSchema,
} from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { isConflict } from '../../../lib/refusals';
import { useFormProblems } from '../hooks/use-form-problems';
import { type Problems, problemsOfError, problemsOfIssues } from '../utils/form-problems';
import { SelectField, TextField } from './form-fields';

interface SystemFormValues {
  name: string;
  kind: string;
  vendor: string;
  product: string;
  environment: string;
  technicalContactEmail: string;
}

const FIELDS = ['name', 'kind', 'vendor', 'product', 'environment', 'technicalContactEmail'];

const EMPTY: SystemFormValues = {
  name: '',
  kind: '',
  vendor: '',
  product: '',
  environment: '',
  technicalContactEmail: '',
};

type Changes = RequestOf<'update-system'>['changes'];

/** The system as the contract takes it, checked by the server's schema (systemInputSchema). */
const toInput = (organisationId: string, values: SystemFormValues) => {
  const parsed = systemInputSchema.safeParse({ organisationId, ...values });
  const problems: Problems = parsed.success ? {} : problemsOfIssues(parsed.error.issues);
  if (values.kind === '') problems.kind = 'This field is required.';
  if (values.environment === '') problems.environment = 'This field is required.';
  return { input: parsed.success ? parsed.data : null, problems };
};

interface SystemFormDialogProps {
  organisationId: string;
  /** The system to edit, or null to add one. */
  system: OrgSystem | null;
  onCancel: () => void;
  onSaved: (system: OrgSystem) => void;
  /** A 409 on edit: whether someone changed the system meanwhile (the screen then says so). */
  wasStale?: () => Promise<boolean>;
}

/** "Add system" and "Edit system" of an organisation: one form, the server's own schema. */
export const SystemFormDialog = ({
  organisationId,
  system,
  onCancel,
  onSaved,
  wasStale,
}: SystemFormDialogProps) => {
  const { t } = useTranslation();
  const [values, setValues] = useState<SystemFormValues>(
    system
      ? {
          name: system.name,
          kind: system.kind,
          vendor: system.vendor,
          product: system.product,
          environment: system.environment,
          technicalContactEmail: system.technicalContactEmail,
        }
      : EMPTY,
  );
  const [server, setServer] = useState<Problems>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { input, problems } = toInput(organisationId, values);
  const form = useFormProblems(problems, server);

  const set = (field: keyof SystemFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.changed(field);
  };

  const save = async () => {
    form.submitted();
    if (input === null) return;
    setMessage(null);
    let request;
    if (system === null) {
      request = callApi('create-system', input);
    } else {
      const changes: Changes = {};
      if (input.name !== system.name) changes.name = input.name;
      if (input.kind !== system.kind) changes.kind = input.kind;
      if (input.vendor !== system.vendor) changes.vendor = input.vendor;
      if (input.product !== system.product) changes.product = input.product;
      if (input.environment !== system.environment) changes.environment = input.environment;
      if (input.technicalContactEmail !== system.technicalContactEmail) {
        changes.technicalContactEmail = input.technicalContactEmail;
      }
      if (Object.keys(changes).length === 0) {
        setMessage(t('registry.nothingChanged'));
        return;
      }
      request = callApi('update-system', {
        systemId: system.systemId,
        revision: system.revision,
        changes,
      });
    }
    setSaving(true);
    try {
      onSaved((await request).system);
    } catch (err) {
      if (isConflict(err) && wasStale && (await wasStale())) return;
      setSaving(false);
      const refused = problemsOfError(err, t('registry.saveFailed'), FIELDS);
      setServer(refused.fields);
      setMessage(refused.message);
    }
  };

  const text = (field: 'name' | 'vendor' | 'product') => (
    <TextField
      id={`system-${field}`}
      label={t(`registry.systems.${field}`)}
      problem={form.problemOf(field)}
      value={values[field]}
      maxLength={100}
      onChange={(v) => {
        set(field, v);
      }}
    />
  );

  return (
    <FormDialog
      title={t(system ? 'registry.systems.editTitle' : 'registry.systems.newTitle')}
      message={message}
      submitLabel={t(system ? 'registry.save' : 'registry.systems.add')}
      busyLabel={t('registry.saving')}
      saving={saving}
      onSubmit={() => void save()}
      onCancel={onCancel}
      size="lg"
      cancelWhileSaving
      testId="system-form"
    >
      {text('name')}
      <SelectField
        id="system-kind"
        label={t('registry.systems.kind')}
        problem={form.problemOf('kind')}
        value={values.kind}
        onChange={(v) => {
          set('kind', v);
        }}
      >
        <option value="">{t('registry.choose')}</option>
        {SYSTEM_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`registry.systemKinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      {text('vendor')}
      {text('product')}
      <SelectField
        id="system-environment"
        label={t('registry.systems.environment')}
        problem={form.problemOf('environment')}
        value={values.environment}
        onChange={(v) => {
          set('environment', v);
        }}
      >
        <option value="">{t('registry.choose')}</option>
        {SYSTEM_ENVIRONMENTS.map((environment) => (
          <option key={environment} value={environment}>
            {t(`registry.environments.${environment}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        id="system-technicalContactEmail"
        type="email"
        label={t('registry.systems.technicalContactEmail')}
        problem={form.problemOf('technicalContactEmail')}
        value={values.technicalContactEmail}
        maxLength={254}
        onChange={(v) => {
          set('technicalContactEmail', v);
        }}
      />
    </FormDialog>
  );
};
