/**
 * The credential screens (issue 15), loaded together as one chunk: the route table
 * (app/app-routes.tsx) then names one chunk and what it needs once, rather than three chunks and
 * the pieces they share, each such name costing the login route's entry chunk bytes (README,
 * "Size budget"). The public pages carry the admin list with them: a few KB, on pages nobody
 * waits for on the login route.
 */
export { GenerateApiCredentialsPage } from './components/generate-api-credentials-page';
export { RetrieveCredentialsPage } from './components/retrieve-credentials-page';
export { RetrieveCredentialsSuccessPage } from './components/retrieve-credentials-success-page';
