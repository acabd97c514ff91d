import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockingLoader } from '../../../components/blocking-loader';
import { lazyNamed } from '../../../lib/lazy-named';
import { useLogin } from '../hooks/use-login';
import { LoginForm } from './login-form';

// States 2 and 3 and the info dialog are needed only after the password is checked: chunks of
// their own, fetched while the user types (README, "Size budget").
const InfoModal = lazyNamed(() => import('../../../components/info-modal'), 'InfoModal');
const NewPasswordStep = lazyNamed(() => import('./new-password-step'), 'NewPasswordStep');
const OtpStep = lazyNamed(() => import('./otp-step'), 'OtpStep');

const preloadSteps = () => {
  InfoModal.preload();
  NewPasswordStep.preload();
  OtpStep.preload();
};

/** The login screen (SPEC §2): credentials form, set-new-password, OTP verification. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const flow = useLogin();
  const { stage } = flow;

  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <p className="lead text-center my-4">{t('login.message')}</p>
        <section className="card shadow-sm">
          <div className="card-body p-4">
            {stage.name === 'credentials' && (
              <>
                <h1 className="h3 mb-1">{t('login.heading')}</h1>
                <p className="text-body-secondary">{t('login.instruction')}</p>
                <LoginForm flow={flow} onPrepare={preloadSteps} />
                <ul className="small text-body-secondary mt-4 mb-0 ps-3">
                  <li>{t('login.noteFirstLogin')}</li>
                  <li>{t('login.notePasswordExpired')}</li>
                </ul>
              </>
            )}
            <Suspense fallback={<p>{t('common.loading')}</p>}>
              {stage.name === 'new-password' && <NewPasswordStep flow={flow} />}
              {stage.name === 'totp' && <OtpStep flow={flow} step={stage.step} />}
            </Suspense>
          </div>
        </section>
      </div>
      <BlockingLoader show={flow.busy} />
      {flow.info && (
        <Suspense fallback={null}>
          <InfoModal message={t(flow.info)} onClose={flow.closeInfo} />
        </Suspense>
      )}
    </div>
  );
};
