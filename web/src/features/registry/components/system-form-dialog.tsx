import {
  type OrgSystem,
  type RequestOf,
  registryTextSchema,
  type SystemInput,
  SYSTEM_ENVIRONMENTS,
  SYSTEM_KINDS,
  systemEnvironmentSchema,
  systemInputSchema,
  systemKindSchema,
} from '@ccsc/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { useRegistryForm } from '../hooks/use-registry-form';
import { SelectField, TextField } from './form-fields';

interface SystemFormValues {
  name: string;
  kind: string;
  vendor: string;
  product: string;
  environment: string;
  technicalContactEmail: string;
}

const FIELDS: readonly FieldPath<SystemFormValues>[] = [
  'name',
  'kind',
  'vendor',
  'product',
  'environment',
  'technicalContactEmail',
];

/** The form's field of a server path (an update names them inside `changes.`). */
const fieldOf = (path: string): FieldPath<SystemFormValues> | null =>
  FIELDS.find((field) => field === path.replace(/^changes\./, '')) ?? null;

const EMPTY: SystemFormValues = {
  name: '',
  kind: '',
  vendor: '',
  product: '',
  environment: '',
  technicalContactEmail: '',
};

type Changes = RequestOf<'update-system'>['changes'];
type SystemFields = Omit<SystemInput, 'organisationId'>;

/**
 * The server's own schema (systemInputSchema, without the organisation the dialog adds); a kind
 * or an environment not chosen yet ('') is "required" before it is checked as a choice.
 */
const systemFormSchema = systemInputSchema.omit({ organisationId: true }).extend({
  kind: registryTextSchema(40).pipe(systemKindSchema),
  environment: registryTextSchema(40).pipe(systemEnvironmentSchema),
});

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
  const { bind, dialogProps, setMessage, send } = useRegistryForm({
    resolver: zodResolver(systemFormSchema),
    defaultValues: system
      ? {
          name: system.name,
          kind: system.kind,
          vendor: system.vendor,
          product: system.product,
          environment: system.environment,
          technicalContactEmail: system.technicalContactEmail,
        }
      : EMPTY,
    fieldOf,
    failure: t('registry.saveFailed'),
    wasStale,
  });

  const save = async (input: SystemFields) => {
    setMessage(null);
    let request;
    if (system === null) {
      request = callApi('create-system', { organisationId, ...input });
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
    await send(request, (answer) => {
      onSaved(answer.system);
    });
  };

  const text = (field: 'name' | 'vendor' | 'product') => (
    <TextField
      id={`system-${field}`}
      label={t(`registry.systems.${field}`)}
      {...bind(field)}
      maxLength={100}
    />
  );

  return (
    <FormDialog
      title={t(system ? 'registry.systems.editTitle' : 'registry.systems.newTitle')}
      {...dialogProps(save)}
      submitLabel={t(system ? 'registry.save' : 'registry.systems.add')}
      onCancel={onCancel}
      testId="system-form"
    >
      {text('name')}
      <SelectField id="system-kind" label={t('registry.systems.kind')} {...bind('kind')}>
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
        {...bind('environment')}
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
        {...bind('technicalContactEmail')}
        maxLength={254}
      />
    </FormDialog>
  );
};
