import { freeTextSchema, type RequestOf } from '@ccsc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type FieldErrors,
  type Resolver,
  type ResolverResult,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { fieldMessageKey } from '../../../lib/field-messages';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { standardKeys } from '../api/keys';
import type { StandardDetail } from '../utils/standard-types';

// The contract's rule for the reason (artifact/retire-standard).
const reasonSchema = freeTextSchema(500);

type RetireRequest = RequestOf<'artifact/retire-standard'>;

/** The reason as the contract takes it, trimmed; none at all is "required". */
const reasonResolver: Resolver<{ reason: string }, unknown, { reason: string }> = (
  values,
): ResolverResult<{ reason: string }, { reason: string }> => {
  const reason = values.reason.trim();
  const parsed = reasonSchema.safeParse(reason);
  if (parsed.success) return { values: { reason: parsed.data }, errors: {} };
  const errors: FieldErrors<{ reason: string }> = {
    reason: {
      type: reason === '' ? 'required' : 'validate',
      message: parsed.error.issues[0]?.message ?? '',
    },
  };
  return { values: {}, errors };
};

interface RetireDialogProps {
  detail: StandardDetail;
  onCancel: () => void;
  onRetired: (detail: StandardDetail) => void;
  onConflict: (message: string) => void;
}

/**
 * Retires a published version, with the reason (required, kept with the version). Says what
 * follows: a system that used it has no standard until another is published for it.
 */
export const RetireDialog = ({ detail, onCancel, onRetired, onConflict }: RetireDialogProps) => {
  const { t } = useTranslation();
  const { standard } = detail;
  const { control, setValue, handleSubmit, formState } = useForm({
    resolver: reasonResolver,
    // The problem shows once Retire was pressed, then follows each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const client = useQueryClient();
  const retiring = useMutation({
    mutationFn: (request: RetireRequest) => callApi('artifact/retire-standard', request),
    // A retired version reads so in the lists; the editor takes the answer itself.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: standardKeys.lists() });
    },
  });
  const saving = retiring.isPending || retiring.isSuccess;
  const [message, setMessage] = useState<string | null>(null);
  const error = formState.errors.reason;
  const problem =
    error === undefined
      ? null
      : error.type === 'required'
        ? t('standards.retire.reasonRequired')
        : (() => {
            const key = fieldMessageKey(error.message ?? '');
            return key === null ? t('standards.form.fieldInvalid') : t(key);
          })();
  const showProblem = problem !== null;

  const retire = async ({ reason: checked }: { reason: string }) => {
    setMessage(null);
    try {
      onRetired(
        await retiring.mutateAsync({
          standardId: standard.standardId,
          version: standard.version,
          revision: detail.revision,
          reason: checked,
        }),
      );
    } catch (err) {
      const text = messageOfError(err, t('standards.retire.failed'));
      setMessage(text);
      if (isConflict(err)) onConflict(text);
    }
  };

  return (
    <FormDialog
      title={t('standards.retire.title', { name: standard.name, version: standard.version })}
      message={message}
      submitLabel={t('standards.retire.submit')}
      busyLabel={t('standards.working')}
      submitVariant="danger"
      saving={saving}
      onSubmit={() => void handleSubmit(retire)()}
      onCancel={onCancel}
      testId="retire-dialog"
    >
      <p className="col-12 mb-0">
        {standard.inUse
          ? t('standards.retire.textInUse', { version: standard.version })
          : t('standards.retire.text', { version: standard.version })}
      </p>
      <div className="col-12">
        <label className="form-label" htmlFor="retire-reason">
          {t('standards.retire.reason')}
        </label>
        <textarea
          id="retire-reason"
          rows={3}
          maxLength={500}
          className={`form-control${showProblem ? ' is-invalid' : ''}`}
          value={reason}
          aria-invalid={showProblem ? true : undefined}
          aria-describedby={showProblem ? 'retire-reason-problem' : undefined}
          onChange={(e) => {
            setValue('reason', e.target.value, { shouldValidate: formState.isSubmitted });
          }}
        />
        {showProblem && (
          <div id="retire-reason-problem" className="invalid-feedback">
            {problem}
          </div>
        )}
      </div>
    </FormDialog>
  );
};
