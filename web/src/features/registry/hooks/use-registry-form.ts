import { useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isConflict } from '../../../lib/refusals';
import { putServerErrors } from '../../../lib/server-field-errors';
import { translateProblem } from '../utils/form-problems';

export interface RegistryFormOptions<V extends FieldValues, Out extends FieldValues> {
  /** The server's own schema as the form checks it. */
  resolver: Resolver<V, unknown, Out>;
  defaultValues: DefaultValues<V>;
  /** The form's field of a server path, or null for one the form does not show. */
  fieldOf: (path: string) => FieldPath<V> | null;
  /** What a failed save says when the server's answer is no refusal (no answer, a 5xx). */
  failure: string;
  /**
   * A 409 on edit: whether it was someone's change meanwhile (the screen then reloads, says so
   * and closes the form); otherwise the server's message shows in the form.
   */
  wasStale?: () => Promise<boolean>;
}

/**
 * The registry's dialogs' form: react-hook-form with the server's schema, each field's problem in
 * the reader's language, and the save — the message above the form, whether it is saving, and
 * the server's refusal put on the fields it names.
 */
export const useRegistryForm = <V extends FieldValues, Out extends FieldValues>({
  resolver,
  defaultValues,
  fieldOf,
  failure,
  wasStale,
}: RegistryFormOptions<V, Out>) => {
  const { t } = useTranslation();
  const form = useForm<V, unknown, Out>({
    resolver,
    // A field's own problem shows once it was changed, every problem once the form is submitted;
    // a change puts the server's problem on that field away.
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues,
  });
  const values = useWatch({ control: form.control });
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const problemOf = (field: FieldPath<V>) => {
    const problem = form.getFieldState(field, form.formState).error?.message;
    return problem === undefined ? null : translateProblem(t, problem);
  };

  /** A field changed by the person: checked at once. */
  const set = <P extends FieldPath<V>>(field: P, value: FieldPathValue<V, P>) => {
    form.setValue(field, value, { shouldValidate: true, shouldDirty: true });
  };

  /**
   * A text or select field's props bound to the form's `field`: its problem, its value ('' when
   * none) and its change.
   */
  const bind = <P extends FieldPath<V>>(field: P) => {
    const value: unknown = form.getValues(field);
    return {
      problem: problemOf(field),
      value: typeof value === 'string' ? value : '',
      onChange: (next: FieldPathValue<V, P>) => {
        set(field, next);
      },
    };
  };

  /** What every registry dialog's FormDialog is given: the message, the save, its busy state. */
  const dialogProps = (save: SubmitHandler<Out>) => ({
    message,
    busyLabel: t('registry.saving'),
    saving,
    onSubmit: () => void form.handleSubmit(save)(),
    size: 'lg' as const,
    cancelWhileSaving: true,
  });

  /** Waits for a save already sent and hands its answer over, or says why it failed. */
  const send = async <A>(request: Promise<A>, onSaved: (answer: A) => void) => {
    setSaving(true);
    try {
      onSaved(await request);
    } catch (err) {
      if (isConflict(err) && wasStale && (await wasStale())) return;
      setSaving(false);
      setMessage(putServerErrors(err, failure, fieldOf, form.setError));
    }
  };

  return { form, values, problemOf, set, bind, dialogProps, setMessage, send };
};
