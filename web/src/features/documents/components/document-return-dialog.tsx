import {
  REJECT_REASONS,
  type ReturnAction as ServerAction,
  returnRequestSchema,
} from '@ccsc/contract/document-return-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { putServerErrors } from '../../../lib/server-field-errors';
import { documentKeys } from '../api/keys';

/** What a dialog does: the receiver rejects or answers a recall request; the sender recalls. */
export type ReturnAction = 'reject' | 'recall' | 'confirm' | 'decline';

interface ReturnValues {
  documentId: string;
  reason: string;
  comment: string;
}

/** Each action as the server names it (s3documents/return's `action`). */
const SERVER_ACTION: Record<ReturnAction, ServerAction> = {
  reject: 'reject',
  recall: 'recall',
  confirm: 'confirm-recall',
  decline: 'decline-recall',
};

/** The form's values as the call takes them: an empty comment (or reason) left out. */
const bodyOf = (action: ReturnAction, v: ReturnValues) => {
  const comment = v.comment.trim() === '' ? {} : { comment: v.comment };
  const reason = action === 'reject' && v.reason !== '' ? { reason: v.reason } : {};
  return { documentId: v.documentId, action: SERVER_ACTION[action], ...reason, ...comment };
};

const fieldOf = (path: string): FieldPath<ReturnValues> | null =>
  path === 'reason' || path === 'comment' ? path : null;

/** The form checked with the server's schema: each field its first problem. */
const resolverOf =
  (action: ReturnAction): Resolver<ReturnValues> =>
  (values) => {
    const parsed = returnRequestSchema().safeParse(bodyOf(action, values));
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<ReturnValues> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(String(issue.path[0]));
      if (field !== null && errors[field] === undefined) {
        errors[field] = { type: 'validation', message: issue.message };
      }
    }
    return { values: {}, errors };
  };

interface ReturnDialogProps {
  action: ReturnAction;
  documentId: string;
  /** A recall of an acknowledged document is a request (the receiver answers it). */
  acknowledged: boolean;
  onDone: (action: ReturnAction) => void;
  onCancel: () => void;
}

/**
 * Reject (a reason from the contract's list and a comment, required for Other), recall (a
 * comment), or answer a recall request (confirm; decline with a comment): checked with the
 * server's schema, the server's refusal shown above the form or on its field.
 */
export const ReturnDialog = ({
  action,
  documentId,
  acknowledged,
  onDone,
  onCancel,
}: ReturnDialogProps) => {
  const { t } = useTranslation();
  const ids = { reason: useId(), comment: useId(), help: useId() };
  const client = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<ReturnValues>({
    defaultValues: { documentId, reason: '', comment: '' },
    resolver: resolverOf(action),
  });
  const sending = useMutation({
    mutationFn: (values: ReturnValues) =>
      callApi('s3documents/return', returnRequestSchema().parse(bodyOf(action, values))),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: documentKeys.document(documentId) });
      void client.invalidateQueries({ queryKey: documentKeys.lists() });
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setMessage(null);
    try {
      await sending.mutateAsync(values);
      onDone(action);
    } catch (err) {
      setMessage(putServerErrors(err, t('documents.returns.failed'), fieldOf, form.setError));
    }
  });
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' });
  const commentRequired = action === 'decline' || reason === 'other';
  const help =
    action === 'recall'
      ? t(acknowledged ? 'documents.returns.recallRequestHelp' : 'documents.returns.recallNowHelp')
      : t(`documents.returns.${action}Help`);
  return (
    <FormDialog
      title={t(`documents.returns.${action}Title`)}
      message={message}
      submitLabel={t(`documents.returns.${action}Submit`)}
      busyLabel={t('documents.working')}
      submitVariant={action === 'confirm' ? 'warning' : action === 'decline' ? 'primary' : 'danger'}
      saving={sending.isPending}
      onSubmit={() => void submit()}
      onCancel={onCancel}
      testId={`return-dialog-${action}`}
    >
      <p id={ids.help} className="col-12 mb-0">
        {help}
      </p>
      {action === 'reject' && (
        <div className="col-12">
          <label htmlFor={ids.reason} className="form-label">
            {t('documents.returns.reason')}
          </label>
          <select
            id={ids.reason}
            className={`form-select${errors.reason ? ' is-invalid' : ''}`}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
            {...form.register('reason')}
          >
            <option value="">{t('documents.returns.chooseReason')}</option>
            {REJECT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`documents.rejectReason.${reason}`)}
              </option>
            ))}
          </select>
          {errors.reason && (
            <div id={`${ids.reason}-error`} className="invalid-feedback">
              {t('documents.returns.reasonRequired')}
            </div>
          )}
        </div>
      )}
      <div className="col-12">
        <label htmlFor={ids.comment} className="form-label">
          {commentRequired
            ? t('documents.returns.commentRequired')
            : t('documents.returns.comment')}
        </label>
        <textarea
          id={ids.comment}
          rows={3}
          className={`form-control${errors.comment ? ' is-invalid' : ''}`}
          aria-invalid={errors.comment ? true : undefined}
          aria-required={commentRequired}
          aria-describedby={errors.comment ? `${ids.comment}-error` : undefined}
          {...form.register('comment')}
        />
        {errors.comment && (
          <div id={`${ids.comment}-error`} className="invalid-feedback">
            {errors.comment.type === 'server'
              ? errors.comment.message
              : t(
                  form.getValues('comment').trim().length > 1000
                    ? 'documents.returns.commentTooLong'
                    : 'documents.returns.commentMissing',
                )}
          </div>
        )}
      </div>
    </FormDialog>
  );
};
