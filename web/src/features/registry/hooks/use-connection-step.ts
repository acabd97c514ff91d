import type { Connection } from '@ccsc/contract';
import type { ConnectionAction } from '@ccsc/contract/registry-access';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { withChoicesRequired } from '../../../lib/contract-resolver';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { useConnectionStepMutation } from '../api/connection-steps';
import { acceptFormSchema, reasonFormSchema, type StepFormValues } from '../utils/connection-steps';
import { translateProblem } from '../utils/form-problems';

const EMPTY: StepFormValues = { siteSystemId: '', reason: '' };

const acceptResolver = withChoicesRequired(zodResolver(acceptFormSchema), ['siteSystemId']);
const reasonResolver = zodResolver(reasonFormSchema);

/**
 * The chosen step's check with the server's own rules: Accept needs one of the site's systems
 * (none chosen reads "required"), every step a reason within its limits. A valid form hands its
 * values on as typed (the call trims the reason).
 */
const resolverOf =
  (action: ConnectionAction | null): Resolver<StepFormValues> =>
  async (values, context, { criteriaMode, fields, shouldUseNativeValidation }) => {
    // `names` matter only to field arrays, which this form has none of.
    const options = { criteriaMode, fields, shouldUseNativeValidation };
    const { errors } =
      action === 'accept'
        ? await acceptResolver(values, context, options)
        : await reasonResolver({ reason: values.reason }, context, options);
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };

interface ConnectionStepOptions {
  connection: Connection;
  /** The step to open with, already one the caller may take (or null: the choice of steps). */
  initialAction: ConnectionAction | null;
  onStepped: (connection: Connection, action: ConnectionAction) => void;
  /** A 409: whether someone changed the connection meanwhile (the screen then says so). */
  wasStale: (connection: Connection) => Promise<boolean>;
}

/**
 * A connection's step: which one is chosen, its form (react-hook-form with the server's rules;
 * the site's system checked once the form was sent, the reason as it is typed), the call, and
 * what a refusal says above the form. Busy from the call until the dialog closes.
 */
export const useConnectionStep = ({
  connection,
  initialAction,
  onStepped,
  wasStale,
}: ConnectionStepOptions) => {
  const { t } = useTranslation();
  const [action, setAction] = useState<ConnectionAction | null>(initialAction);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const stepping = useConnectionStepMutation();
  const form = useForm<StepFormValues>({
    resolver: resolverOf(action),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  const { errors, isSubmitted, isSubmitting } = form.formState;

  /** Another step (or none): its form starts empty, with nothing said. */
  const choose = (next: ConnectionAction | null) => {
    setAction(next);
    form.reset(EMPTY);
    setMessage(null);
  };

  const setSiteSystem = (siteSystemId: string) => {
    form.setValue('siteSystemId', siteSystemId, { shouldValidate: isSubmitted });
  };
  const setReason = (reason: string) => {
    form.setValue('reason', reason, { shouldValidate: true });
  };

  const take = async (input: StepFormValues) => {
    if (action === null) return;
    setSaving(true);
    setMessage(null);
    try {
      const now = await stepping.mutateAsync({ connection, action, ...input });
      onStepped(now, action);
    } catch (err) {
      if (isConflict(err) && (await wasStale(connection))) return;
      setSaving(false);
      setMessage(messageOfError(err, t('registry.actionFailed')));
    }
  };

  const siteSystemProblem = errors.siteSystemId?.message;

  return {
    action,
    choose,
    message,
    saving,
    siteSystemId: values.siteSystemId ?? '',
    siteSystemProblem:
      siteSystemProblem === undefined ? null : translateProblem(t, siteSystemProblem),
    setSiteSystem,
    reason: values.reason ?? '',
    reasonInvalid: errors.reason !== undefined,
    setReason,
    submit: () => {
      if (!saving && !isSubmitting) void form.handleSubmit(take)();
    },
  };
};
