import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';

/** Why the session ended (lib/session-end.ts's TimeOutReason), and what the screen says. */
const REASONS = {
  idle: 'session.idle',
  invalid: 'session.invalid',
  'mfa-required': 'session.mfaRequired',
  'logout-failed': 'session.logoutFailed',
  elsewhere: 'session.elsewhere',
} as const;

const isReason = (value: string | null): value is keyof typeof REASONS =>
  value !== null && Object.hasOwn(REASONS, value);

/**
 * Where a timed-out, refused or logged-out administrator lands (SPEC §2, §4), local storage
 * already cleared by whatever ended the session. `?reason=` says why, when it is known.
 */
export const SessionTimeOutPage = () => {
  const { t } = useTranslation();
  const reason = useSearchParams()[0].get('reason');
  return (
    <div className="row justify-content-center">
      <section className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <ScreenIntro
          heading={t('session.timeOutHeading')}
          description={t('session.timeOutDescription')}
        />
        {isReason(reason) && (
          <div className="alert alert-warning" role="status">
            {t(REASONS[reason])}
          </div>
        )}
        <Link className="btn btn-primary" to={paths.login}>
          {t('recovery.backToLogin')}
        </Link>
      </section>
    </div>
  );
};
