import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths } from '../config/paths';
import { lazyNamed } from '../lib/lazy-named';
import { LoginPage } from '../features/auth/components/login-page';
import { PublicLayout } from './public-layout';
import { RedirectIfSignedIn, RequireAgentSession, RequireRuntimeConfig } from './route-guards';

// Every screen is its own chunk (SPEC §2: screens load lazily) but the login screen, part of the
// entry: login.html carries it prerendered (app/login-prerender.tsx), and React takes it over in
// one pass only if nothing of it has to load first. It needs only the entry's texts.
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ForgotPasswordSuccessPage = lazyNamed(
  () => import('../features/auth/components/forgot-password-success-page'),
  'ForgotPasswordSuccessPage',
);
const ForgotTotpPage = lazyNamed(
  () => import('../features/auth/components/forgot-totp-page'),
  'ForgotTotpPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);
const SessionTimeOutPage = lazyNamed(
  () => import('../features/auth/components/session-time-out-page'),
  'SessionTimeOutPage',
);
// The credential screens are one chunk (features/api-credentials/credential-screens.ts).
const credentialScreens = () => import('../features/api-credentials/credential-screens');
const RetrieveCredentialsPage = lazyNamed(credentialScreens, 'RetrieveCredentialsPage');
const RetrieveCredentialsSuccessPage = lazyNamed(
  credentialScreens,
  'RetrieveCredentialsSuccessPage',
);
const ApiReferencePage = lazyNamed(
  () => import('../features/api-reference/api-reference-page'),
  'ApiReferencePage',
);
const PublicNotFoundPage = lazyNamed(() => import('./not-found-page'), 'PublicNotFoundPage');

// Every screen of the signed-in console is chosen in a chunk of its own (admin-routes.tsx): a
// route here, even a lazy one, names its chunk in the entry and costs the login route bytes.
const AdminRoutes = lazyNamed(() => import('./admin-routes'), 'AdminRoutes');
// A signed-in page opened at its address (a bookmark, a reload, the sign-in's landing): its
// table, its screen (admin-routes.tsx) and the texts load beside the configuration and the
// session's check, not after them (issue 37: Lighthouse found the chunks' waterfall).
if (typeof window !== 'undefined' && window.location.pathname.startsWith(paths.admin.root)) {
  AdminRoutes.preload();
}

/** The screens of SPEC §2 and who may see them. */
export const AppRoutes = () => (
  <Suspense fallback={<FullPageLoader />}>
    <Routes>
      <Route element={<PublicLayout />}>
        <Route element={<RedirectIfSignedIn />}>
          {/* The login screen alone renders before /config.json has arrived. */}
          <Route index element={<LoginPage />} />
          <Route element={<RequireRuntimeConfig />}>
            <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
            <Route path={paths.forgotPasswordSuccess} element={<ForgotPasswordSuccessPage />} />
            <Route path={paths.forgotTotp} element={<ForgotTotpPage />} />
            <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
            {/* A credential link's contact who is signed in opens it in another browser (README). */}
            <Route path={paths.generateSuccess} element={<RetrieveCredentialsSuccessPage />} />
            <Route path={paths.generate} element={<RetrieveCredentialsPage />} />
            <Route path="*" element={<PublicNotFoundPage />} />
          </Route>
        </Route>
        {/*
          Public, but not redirected for a signed-in user: the session-time-out screen is where a
          logout or an expired session lands; it must show even if the marker is cleared only after
          the navigation, and never bounce back to /admin.
        */}
        <Route element={<RequireRuntimeConfig />}>
          <Route path={paths.sessionTimeOut} element={<SessionTimeOutPage />} />
          {/* For vendors' engineers, and administrators signed in alike. */}
          <Route path={paths.apiReference} element={<ApiReferencePage />} />
        </Route>
      </Route>

      <Route path={paths.admin.root} element={<RequireAgentSession />}>
        <Route element={<RequireRuntimeConfig />}>
          <Route index element={<AdminRoutes />} />
          <Route path="*" element={<AdminRoutes />} />
        </Route>
      </Route>
    </Routes>
  </Suspense>
);
