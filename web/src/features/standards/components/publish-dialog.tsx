import { SIGNATURE_MEANINGS, type SignatureMeaning } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { callApi } from '../../../lib/api';
import { isConflict, messageOfError } from '../../../lib/refusals';
import type { StandardDetail } from '../utils/standard-types';

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
  const [meaning, setMeaning] = useState<SignatureMeaning>('Approved');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const passwordMissing = password === '';
  const codeInvalid = !/^[0-9]{6}$/.test(code);
  const { standard } = detail;

  const sign = async () => {
    setSubmitted(true);
    if (passwordMissing || codeInvalid) return;
    setSaving(true);
    setMessage(null);
    try {
      const published = await callApi('artifact/publish-standard', {
        standardId: standard.standardId,
        version: standard.version,
        revision: detail.revision,
        meaning,
        password,
        code,
      });
      onPublished(published);
    } catch (err) {
      const text = messageOfError(err, t('standards.publish.failed'));
      setSaving(false);
      setCode(''); // a code is good once: the next attempt needs a fresh one
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
      onSubmit={() => void sign()}
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
            if (chosen !== undefined) setMeaning(chosen);
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
          className={`form-control${submitted && passwordMissing ? ' is-invalid' : ''}`}
          autoComplete="current-password"
          maxLength={256}
          value={password}
          aria-invalid={submitted && passwordMissing ? true : undefined}
          aria-describedby={submitted && passwordMissing ? 'publish-password-problem' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
          }}
        />
        {submitted && passwordMissing && (
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
          className={`form-control${submitted && codeInvalid ? ' is-invalid' : ''}`}
          value={code}
          aria-invalid={submitted && codeInvalid ? true : undefined}
          aria-describedby={submitted && codeInvalid ? 'publish-code-problem' : 'publish-code-help'}
          onChange={(e) => {
            setCode(e.target.value.replace(/[^0-9]/g, '').slice(0, 6));
          }}
        />
        <div id="publish-code-help" className="form-text">
          {t('standards.publish.codeHelp')}
        </div>
        {submitted && codeInvalid && (
          <div id="publish-code-problem" className="invalid-feedback">
            {t('standards.publish.codeInvalid')}
          </div>
        )}
      </div>
    </FormDialog>
  );
};
