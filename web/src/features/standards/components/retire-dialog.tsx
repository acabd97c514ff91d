import { freeTextSchema } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { fieldMessageKey } from '../../../lib/field-messages';
import { isConflict, messageOfError } from '../../../lib/refusals';
import type { StandardDetail } from '../utils/standard-types';

// The contract's rule for the reason (artifact/retire-standard).
const reasonSchema = freeTextSchema(500);

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
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const { standard } = detail;
  const parsed = reasonSchema.safeParse(reason.trim());
  const problem = parsed.success
    ? null
    : reason.trim() === ''
      ? t('standards.retire.reasonRequired')
      : (() => {
          const key = fieldMessageKey(parsed.error.issues[0]?.message ?? '');
          return key === null ? t('standards.form.fieldInvalid') : t(key);
        })();
  const showProblem = submitted && problem !== null;

  const retire = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    setSaving(true);
    setMessage(null);
    try {
      onRetired(
        await callApi('artifact/retire-standard', {
          standardId: standard.standardId,
          version: standard.version,
          revision: detail.revision,
          reason: parsed.data,
        }),
      );
    } catch (err) {
      const text = messageOfError(err, t('standards.retire.failed'));
      setSaving(false);
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
      onSubmit={() => void retire()}
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
            setReason(e.target.value);
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
