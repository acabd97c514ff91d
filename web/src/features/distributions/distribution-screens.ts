/**
 * The safety-letter distribution screens (issue 35 part D), loaded together as one chunk (the
 * route table names one chunk: README, "Size budget").
 */
export { DistributionListPage } from './components/distribution-list-page';
export { DistributionPage } from './components/distribution-page';
