import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form';

/** The login screen, state 1: the credentials form (SPEC §2). */
export const LoginPage = () => {
  const { t } = useTranslation();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-sm-10 col-md-8 col-lg-6 col-xl-5">
        <p className="lead text-center my-4">{t('login.message')}</p>
        <section className="card shadow-sm">
          <div className="card-body p-4">
            <h1 className="h3 mb-1">{t('login.heading')}</h1>
            <p className="text-body-secondary">{t('login.instruction')}</p>
            <LoginForm />
            <ul className="small text-body-secondary mt-4 mb-0 ps-3">
              <li>{t('login.noteFirstLogin')}</li>
              <li>{t('login.notePasswordExpired')}</li>
            </ul>
          </div>
        </section>
      </div>
    </div>
  );
};
