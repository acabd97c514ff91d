import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
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

const PrivateLayout = lazyNamed(() => import('./private-layout'), 'PrivateLayout');
const DashboardPage = lazyNamed(
  () => import('../features/dashboard/components/dashboard-page'),
  'DashboardPage',
);
// The mapping-standard screens are one chunk too (features/standards/standard-screens.ts).
const standardScreens = () => import('../features/standards/standard-screens');
const ListStandardsPage = lazyNamed(standardScreens, 'ListStandardsPage');
const CreateStandardPage = lazyNamed(standardScreens, 'CreateStandardPage');
const ViewEditStandardPage = lazyNamed(standardScreens, 'ViewEditStandardPage');
// The document screens are one chunk (features/documents/document-screens.ts).
const documentScreens = () => import('../features/documents/document-screens');
const DocumentListPage = lazyNamed(documentScreens, 'DocumentListPage');
const DocumentDetailPage = lazyNamed(documentScreens, 'DocumentDetailPage');
const StudyCompletenessPage = lazyNamed(documentScreens, 'StudyCompletenessPage');
const ImportPage = lazyNamed(documentScreens, 'ImportPage');
const StudyRequestsPage = lazyNamed(documentScreens, 'StudyRequestsPage');
// The safety-letter distribution screens (issue 35 part D) are one chunk.
const distributionScreens = () => import('../features/distributions/distribution-screens');
const DistributionListPage = lazyNamed(distributionScreens, 'DistributionListPage');
const DistributionPage = lazyNamed(distributionScreens, 'DistributionPage');
// The user-management screens are one chunk (features/users/user-screens.ts).
const userScreens = () => import('../features/users/user-screens');
const UserListPage = lazyNamed(userScreens, 'UserListPage');
const CreateUserPage = lazyNamed(userScreens, 'CreateUserPage');
const EditUserPage = lazyNamed(userScreens, 'EditUserPage');
const GenerateApiCredentialsPage = lazyNamed(credentialScreens, 'GenerateApiCredentialsPage');
const AuditTrailPage = lazyNamed(
  () => import('../features/audit/components/audit-trail-page'),
  'AuditTrailPage',
);
const AdminNotFoundPage = lazyNamed(() => import('./not-found-page'), 'AdminNotFoundPage');

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
          <Route element={<PrivateLayout />}>
            <Route index element={<Navigate to={paths.admin.dashboard} replace />} />
            <Route path={paths.admin.dashboard} element={<DashboardPage />} />
            <Route path={paths.admin.standards} element={<ListStandardsPage />} />
            <Route path={paths.admin.createStandard} element={<CreateStandardPage />} />
            <Route path={paths.admin.viewEditStandard} element={<ViewEditStandardPage />} />
            <Route path={paths.admin.documents} element={<DocumentListPage />} />
            <Route path={paths.admin.document} element={<DocumentDetailPage />} />
            <Route path={paths.admin.documentCompleteness} element={<StudyCompletenessPage />} />
            <Route path={paths.admin.documentImport} element={<ImportPage />} />
            <Route path={paths.admin.documentRequests} element={<StudyRequestsPage />} />
            <Route path={paths.admin.distributions} element={<DistributionListPage />} />
            <Route path={paths.admin.distribution} element={<DistributionPage />} />
            <Route path={paths.admin.users} element={<UserListPage />} />
            <Route path={paths.admin.createUser} element={<CreateUserPage />} />
            <Route path={paths.admin.editUser} element={<EditUserPage />} />
            <Route
              path={paths.admin.generateApiCredentials}
              element={<GenerateApiCredentialsPage />}
            />
            <Route path={paths.admin.auditTrail} element={<AuditTrailPage />} />
            <Route path="*" element={<AdminNotFoundPage />} />
          </Route>
        </Route>
      </Route>
    </Routes>
  </Suspense>
);
