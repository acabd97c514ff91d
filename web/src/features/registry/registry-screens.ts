/**
 * The registry's screens, loaded together as one chunk (app/registry-routes.tsx): they share most
 * of their code, and one chunk importing the same shared pieces as the user list keeps the
 * bundler from splitting those pieces into more chunks that the login route would name.
 */
export { ConnectionListPage } from './components/connection-list-page';
export { OrganisationDetailPage } from './components/organisation-detail-page';
export { OrganisationListPage } from './components/organisation-list-page';
