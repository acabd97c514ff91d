import { standardRoutes as routes } from '@ccsc/contract/standards';
import { declareOperation as op } from '../core/operation';
import { refusalsAudited as audited } from '../core/refusals-audited';
import { publishThenRelease } from './publish-then-release';

// The operations whose core joins areas: one line each.
// The signature checked as a sign-in checks it, the signer's name read; then the documents held for
// the standard's systems tried again (issue 17).
export const artifactPublishStandard = /* @__PURE__ */ op(
  routes,
  'artifact/publish-standard',
  /* @__PURE__ */ audited(
    { action: 'standard.published', target: (i) => ({ type: 'standard', id: i.standardId }) },
    publishThenRelease,
  ),
  'publish',
  [
    'registry.write',
    'standard-rows.read',
    'document.held-release',
    'account.read',
    'cognito.check-sign-in',
  ],
);
