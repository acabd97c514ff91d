import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { lazyNamed } from '../lib/lazy-named';
import { PrivateLayout } from './private-layout';

/**
 * The signed-in console's route table: its own chunk, loaded once the session and the
 * configuration are there (app-routes.tsx guards /admin and everything under it, then renders
 * this). Kept out of the entry: each route, even a lazy one, names its chunk there and would cost
 * the login route bytes (README, "Size budget"). Its paths are relative to /admin, where the
 * entry's table hands over. The registry's, notifications' and webhooks' screens are chosen in
 * the private layout (registry-routes.tsx says why).
 */
const credentialScreens = () => import('../features/api-credentials/credential-screens');
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

/**
 * The screen of the address the console was opened at starts loading with this table (app-
 * routes.tsx preloads the table itself), rather than once the table has rendered.
 */
const OPENED_AT: Readonly<Record<string, { preload: () => void }>> = {
  [paths.admin.dashboard]: DashboardPage,
  [paths.admin.standards]: ListStandardsPage,
  [paths.admin.createStandard]: CreateStandardPage,
  [paths.admin.viewEditStandard]: ViewEditStandardPage,
  [paths.admin.documents]: DocumentListPage,
  [paths.admin.document]: DocumentDetailPage,
  [paths.admin.documentCompleteness]: StudyCompletenessPage,
  [paths.admin.documentImport]: ImportPage,
  [paths.admin.documentRequests]: StudyRequestsPage,
  [paths.admin.distributions]: DistributionListPage,
  [paths.admin.distribution]: DistributionPage,
  [paths.admin.users]: UserListPage,
  [paths.admin.createUser]: CreateUserPage,
  [paths.admin.editUser]: EditUserPage,
  [paths.admin.generateApiCredentials]: GenerateApiCredentialsPage,
  [paths.admin.auditTrail]: AuditTrailPage,
};
OPENED_AT[window.location.pathname]?.preload();

/** A path of paths.admin below /admin, as this table (relative to /admin) takes it. */
const under = (path: string) => path.slice(paths.admin.root.length + 1);

export const AdminRoutes = () => (
  <Routes>
    <Route element={<PrivateLayout />}>
      <Route index element={<Navigate to={paths.admin.dashboard} replace />} />
      <Route path={under(paths.admin.dashboard)} element={<DashboardPage />} />
      <Route path={under(paths.admin.standards)} element={<ListStandardsPage />} />
      <Route path={under(paths.admin.createStandard)} element={<CreateStandardPage />} />
      <Route path={under(paths.admin.viewEditStandard)} element={<ViewEditStandardPage />} />
      <Route path={under(paths.admin.documents)} element={<DocumentListPage />} />
      <Route path={under(paths.admin.document)} element={<DocumentDetailPage />} />
      <Route path={under(paths.admin.documentCompleteness)} element={<StudyCompletenessPage />} />
      <Route path={under(paths.admin.documentImport)} element={<ImportPage />} />
      <Route path={under(paths.admin.documentRequests)} element={<StudyRequestsPage />} />
      <Route path={under(paths.admin.distributions)} element={<DistributionListPage />} />
      <Route path={under(paths.admin.distribution)} element={<DistributionPage />} />
      <Route path={under(paths.admin.users)} element={<UserListPage />} />
      <Route path={under(paths.admin.createUser)} element={<CreateUserPage />} />
      <Route path={under(paths.admin.editUser)} element={<EditUserPage />} />
      <Route
        path={under(paths.admin.generateApiCredentials)}
        element={<GenerateApiCredentialsPage />}
      />
      <Route path={under(paths.admin.auditTrail)} element={<AuditTrailPage />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Route>
  </Routes>
);
