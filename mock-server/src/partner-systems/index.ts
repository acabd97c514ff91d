/**
 * The simulated partner systems (issue 36), and the example integration they are made of: the
 * partner API's generated client (partner-api.d.ts), the site's and the sponsor's steps, a webhook
 * receiver, the whole journey once (journey.ts) and on a schedule (simulator.ts).
 */
export { clientCredentialsTokens, dataOf, partnerClient, type PartnerSystem } from './client';
export { partnerJourney, type JourneyInput } from './journey';
export {
  startSimulatedPartners,
  type SimulatedPartners,
  type SimulatorActivity,
} from './simulator';
export { SIMULATED_SITE, SIMULATED_SPONSOR } from './plan';
export { readState, STATE_FILE } from './state';

/** Where the generated client's types are kept (tests/partner-client/write.ts writes them). */
export const PARTNER_API_TYPES_FILE = new URL('partner-api.d.ts', import.meta.url);
