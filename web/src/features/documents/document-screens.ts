/**
 * The document screens (issue 17), loaded together as one chunk: the route table
 * (app/app-routes.tsx) then names one chunk, each name costing the login route's entry chunk
 * bytes (README, "Size budget").
 */
export { DocumentDetailPage } from './components/document-detail-page';
export { DocumentListPage } from './components/document-list-page';
export { StudyCompletenessPage } from './components/study-completeness-page';
export { ImportPage } from './components/import-page';
export { StudyRequestsPage } from './components/study-requests-page';
