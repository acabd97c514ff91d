import type { ResponseOf } from '@ccsc/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi, isRefusal } from '../../../lib/api';
import { formatAuditTime } from '../utils/audit-format';

type Verdict = ResponseOf<'verify-audit-chain'>;
type State =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'done'; verdict: Verdict }
  /** refusal: the server's own reason for a refusal (4xx); null for a failure (network, 5xx). */
  | { status: 'failed'; refusal: string | null };

/**
 * "Verify chain": walks the whole hash chain on the server and says whether it is intact. Offered
 * only to a caller who reaches everything; should the server refuse anyway (403: the role or
 * organisation changed since sign-in), its own message says why.
 */
export const VerifyChain = () => {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State>({ status: 'idle' });

  const verify = async () => {
    setState({ status: 'checking' });
    try {
      setState({ status: 'done', verdict: await callApi('verify-audit-chain', {}) });
    } catch (err) {
      setState({
        status: 'failed',
        refusal: isRefusal(err) ? err.message : null,
      });
    }
  };

  const checkedAt = (verdict: Verdict) =>
    formatAuditTime(verdict.checkedAt, i18n.resolvedLanguage ?? 'en');

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={state.status === 'checking'}
        onClick={() => void verify()}
      >
        {state.status === 'checking' ? t('audit.verify.checking') : t('audit.verify.button')}
      </button>
      <div aria-live="polite" className="w-100">
        {state.status === 'done' &&
          (state.verdict.intact ? (
            <div className="alert alert-success mt-3 mb-0">
              {t('audit.verify.intact', { records: state.verdict.records })}{' '}
              <span className="small">
                ({t('audit.verify.checkedAt', { time: checkedAt(state.verdict) })})
              </span>
            </div>
          ) : (
            <div className="alert alert-danger mt-3 mb-0">
              <strong>{t('audit.verify.broken', { seq: state.verdict.brokenAt ?? '?' })}</strong>{' '}
              {state.verdict.reason}{' '}
              <span className="small">
                ({t('audit.verify.checkedAt', { time: checkedAt(state.verdict) })})
              </span>
            </div>
          ))}
        {state.status === 'failed' && (
          <div className="alert alert-warning mt-3 mb-0">
            {state.refusal === null
              ? t('audit.verify.failed')
              : state.refusal || t('audit.verify.forbidden')}
          </div>
        )}
      </div>
    </>
  );
};
