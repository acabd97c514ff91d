export { startConsole, type RunningConsole } from './console';
export { readEnv, REPOSITORY_ROOT, type MockEnv } from './env';
export { srpSignIn } from './cognito';
export { loadRegistry, type LoadResult } from './registry-load';
export { startLoopbackRelay, type RunningRelay } from './services/loopback-relay';
export { cleanPdf, eicarTestFile, TEST_MARKER, withTestMarker } from './services/malware-samples';
export { SCAN_STATUS_TAG, type GuardDutyObjectScanResultEvent } from './services/guardduty-event';
export { findClamd, SHIPPED_SIGNATURES } from './services/malware-engine';
export { createClamdClient } from './services/clamd-client';
export {
  PARTNER_API_TYPES_FILE,
  partnerJourney,
  readState as readSimulatedPartnersState,
  type PartnerSystem,
} from './partner-systems';
