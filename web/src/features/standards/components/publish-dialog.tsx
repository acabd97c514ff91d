import { type RequestOf, SIGNATURE_MEANINGS, type SignatureMeaning } from '@ccsc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, type ResolverResult, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { isConflict, messageOfError } from '../../../lib/refusals';
import { standardKeys } from '../api/keys';
import type { StandardDetail } from '../utils/standard-types';

type PublishRequest = RequestOf<'artifact/publish-standard'>;

interface SignatureValues {
  meaning: SignatureMeaning;
  password: string;
  code: string;
}

const DEFAULTS: SignatureValues = { meaning: 'Approved', password: '', code: '' };

/** The signature as the server takes it: a password, and a code of six digits. */
const signatureResolver = (
  values: SignatureValues,
): ResolverResult<SignatureValues, SignatureValues> => {
  const errors: FieldErrors<SignatureValues> = {};
  if (values.password === '') errors.password = { type: 'required' };
  if (!/^[0-9]{6}$/.test(values.code)) errors.code = { type: 'pattern' };
  return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
};

interface PublishDialogProps {
  detail: StandardDetail;
  /** The signer as the console knows them (their name, else their e-mail). */
  signer: string;
  onCancel: () => void;
  onPublished: (detail: StandardDetail) => void;
  /** A 409 (changed meanwhile, a system in use): the editor offers to reload. */
  onConflict: (message: string) => void;
}

/**
 * Publishing is an electronic signature (21 CFR Part 11: 11.50, 11.200): the dialog says so,
 * names the version and the signer, asks for the meaning of the signature, the signer's password
 * and a fresh authenticator code — both checked by the server with the identity provider, the
 * password never kept. A wrong password or code is the server's refusal, shown here.
 */
export const PublishDialog = ({
  detail,
  signer,
  onCancel,
  onPublished,
  onConflict,
}: PublishDialogProps) => {
  const { t } = useTranslation();
  const { control, setValue, handleSubmit, formState } = useForm({
    resolver: signatureResolver,
    // The problems show once Publish was pressed, then follow each change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: DEFAULTS,
  });
  const { meaning, password, code } = { ...DEFAULTS, ...useWatch({ control }) };
  const client = useQueryClient();
  const publishing = useMutation({
    mutationFn: (request: PublishRequest) => callApi('artifact/publish-standard', request),
    // A published version reads so in the lists; the editor takes the answer itself.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: standardKeys.lists() });
    },
  });
  const saving = publishing.isPending || publishing.isSuccess;
  const [message, setMessage] = useState<string | null>(null);
  const passwordMissing = formState.errors.password !== undefined;
  const codeInvalid = formState.errors.code !== undefined;
  const { standard } = detail;

  const set = (field: 'meaning' | 'password' | 'code', value: string) => {
    setValue(field, value, { shouldValidate: formState.isSubmitted });
  };

  const sign = async (signature: SignatureValues) => {
    setMessage(null);
    try {
      const published = await publishing.mutateAsync({
        standardId: standard.standardId,
        version: standard.version,
        revision: detail.revision,
        ...signature,
      });
      onPublished(published);
    } catch (err) {
      const text = messageOfError(err, t('standards.publish.failed'));
      // A code is good once: the next attempt needs a fresh one.
      setValue('code', '', { shouldValidate: true });
      setMessage(text);
      if (isConflict(err)) onConflict(text);
    }
  };

  return (
    <FormDialog
      title={t('standards.publish.title', { name: standard.name, version: standard.version })}
      message={message}
      submitLabel={t('standards.publish.submit')}
      busyLabel={t('standards.working')}
      saving={saving}
      onSubmit={() => void handleSubmit(sign)()}
      onCancel={onCancel}
      size="lg"
      testId="publish-dialog"
    >
      <div className="col-12">
        <p className="alert alert-info mb-2" data-testid="publish-explanation">
          {t('standards.publish.explanation')}
        </p>
        <p className="mb-0">
          {t('standards.publish.what', {
            name: standard.name,
            version: standard.version,
            rows: standard.rowCount,
            signer,
          })}
        </p>
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="publish-meaning">
          {t('standards.publish.meaning')}
        </label>
        <select
          id="publish-meaning"
          className="form-select"
          value={meaning}
          onChange={(e) => {
            const chosen = SIGNATURE_MEANINGS.find((m) => m === e.target.value);
            if (chosen !== undefined) set('meaning', chosen);
          }}
        >
          {SIGNATURE_MEANINGS.map((m) => (
            <option key={m} value={m}>
              {t(`standards.meaning.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="publish-password">
          {t('standards.publish.password')}
        </label>
        <input
          id="publish-password"
          type="password"
          className={`form-control${passwordMissing ? ' is-invalid' : ''}`}
          autoComplete="current-password"
          maxLength={256}
          value={password}
          aria-invalid={passwordMissing ? true : undefined}
          aria-describedby={passwordMissing ? 'publish-password-problem' : undefined}
          onChange={(e) => {
            set('password', e.target.value);
          }}
        />
        {passwordMissing && (
          <div id="publish-password-problem" className="invalid-feedback">
            {t('standards.publish.passwordRequired')}
          </div>
        )}
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="publish-code">
          {t('standards.publish.code')}
        </label>
        <input
          id="publish-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          className={`form-control${codeInvalid ? ' is-invalid' : ''}`}
          value={code}
          aria-invalid={codeInvalid ? true : undefined}
          aria-describedby={codeInvalid ? 'publish-code-problem' : 'publish-code-help'}
          onChange={(e) => {
            set('code', e.target.value.replace(/[^0-9]/g, '').slice(0, 6));
          }}
        />
        <div id="publish-code-help" className="form-text">
          {t('standards.publish.codeHelp')}
        </div>
        {codeInvalid && (
          <div id="publish-code-problem" className="invalid-feedback">
            {t('standards.publish.codeInvalid')}
          </div>
        )}
      </div>
    </FormDialog>
  );
};
