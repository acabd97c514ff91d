/**
 * The mapping-standard screens (issue 16), loaded together as one chunk: the route table
 * (app/app-routes.tsx) then names one chunk and what it needs once, rather than three chunks and
 * the pieces they share, each such name costing the login route's entry chunk bytes (README,
 * "Size budget"). The grid's virtualiser comes with it; the XLSX reader is a chunk of its own,
 * fetched only when an .xlsx file is chosen.
 */
export { CreateStandardPage } from './components/create-standard-page';
export { ListStandardsPage } from './components/list-standards-page';
export { ViewEditStandardPage } from './components/view-edit-standard-page';
