// First: quiets the AWS SDK v2 cognito-local loads, before anything loads it.
import './quiet-aws-sdk-v2';

/**
 * cognito/: the fidelity layer over cognito-local. This is its one entry: the rest of the mock
 * server (services/cognito.ts, which starts cognito-local with it, the server and the tests'
 * sign-in helper) imports what it exports and nothing else from this folder; lint enforces it.
 */
export { newCode } from './codes';
export { openIdConfiguration, serveDiscovery } from './discovery';
export { createFidelity, wrapRouter } from './fidelity';
export type { Fidelity } from './fidelity-target';
export { type SendMail, SmtpMessageSender, TemplatedMessages } from './messages';
export { serveTokenEndpoint } from './oauth2';
export { JsonFileDataStoreFactory } from './pool-store';
export { withRequestOrigin } from './request';
export { srpSignIn } from './srp-sign-in';
