import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { ApiError, callApi } from '../../../lib/api';
import { type RecoveryFailure, RecoveryEmailForm } from './recovery-email-form';

/** The e-mailed link's token, as the contract's forget-totp/confirm accepts it. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

const failureOf = (err: unknown): RecoveryFailure => {
  if (err instanceof ApiError && err.status === 429) return 'recovery.tooManyRequests';
  return 'errors.generic';
};

const Layout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        {children}
        <p className="mt-3">
          <Link to={paths.login}>{t('recovery.backToLogin')}</Link>
        </p>
      </section>
    </div>
  );
};

/**
 * "Can't access authenticator app?", step 1: the registered e-mail, sent to forget-totp. The
 * answer is always the same, whether the account exists or not.
 */
const RequestLink = () => {
  const { t } = useTranslation();
  const { userPoolClientId } = useRuntimeConfig();
  const [sent, setSent] = useState(false);

  const send = async (email: string): Promise<RecoveryFailure | null> => {
    try {
      await callApi('forget-totp', { clientId: userPoolClientId, email });
      setSent(true);
      return null;
    } catch (err) {
      return failureOf(err);
    }
  };

  return (
    <Layout>
      <ScreenIntro
        heading={t('recovery.forgotTotpHeading')}
        description={t('recovery.forgotTotpDescription')}
      />
      {sent ? (
        <div className="alert alert-success" role="status">
          {t('recovery.linkSent')}
        </div>
      ) : (
        <RecoveryEmailForm
          id="forgot-totp-email"
          submitLabel={t('recovery.sendLink')}
          onSend={send}
        />
      )}
    </Layout>
  );
};

/**
 * Step 2, the e-mailed link (/forgot-totp-qr-code?token=...): nothing happens on opening it (mail
 * scanners open links too); the user confirms, forget-totp/confirm removes the authenticator, and
 * the next sign-in (password still required) enrols a new one.
 */
const RedeemLink = ({ token, onRequestNew }: { token: string; onRequestNew: () => void }) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<RecoveryFailure | null>(
    TOKEN_PATTERN.test(token) ? null : 'recovery.invalidLink',
  );

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await callApi('forget-totp/confirm', { token });
      setDone(true);
    } catch (err) {
      setFailure(
        err instanceof ApiError && err.status === 400 ? 'recovery.invalidLink' : failureOf(err),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Layout>
      {done ? (
        <h1 className="h3 mb-3">{t('recovery.removeTotpHeading')}</h1>
      ) : (
        <ScreenIntro
          heading={t('recovery.removeTotpHeading')}
          description={t('recovery.removeTotpDescription')}
        />
      )}
      {done ? (
        <div className="alert alert-success" role="status">
          {t('recovery.totpRemoved')}
        </div>
      ) : failure === 'recovery.invalidLink' ? (
        <>
          <div className="alert alert-danger" role="alert">
            {t(failure)}
          </div>
          <button type="button" className="btn btn-primary" onClick={onRequestNew}>
            {t('recovery.requestNewLink')}
          </button>
        </>
      ) : (
        <>
          {failure && (
            <div className="alert alert-danger py-2" role="alert">
              {t(failure)}
            </div>
          )}
          <button
            type="button"
            className="btn btn-danger w-100"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {t('recovery.removeTotp')}
          </button>
        </>
      )}
    </Layout>
  );
};

/** Forgot authenticator (TOTP) (SPEC §2, issue 4): request the link, or redeem it. */
export const ForgotTotpPage = () => {
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  return token === null ? (
    <RequestLink />
  ) : (
    <RedeemLink
      key={token}
      token={token}
      onRequestNew={() => {
        setParams({}, { replace: true });
      }}
    />
  );
};
