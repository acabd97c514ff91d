import { lambdaEnv } from '../env';
import { systemClock } from '../core/ports/clock';
import { steadyTiming } from './cognito';
import { credentialDeps } from './credential-writes';
import { credentialStore } from './credentials';
import { auditTrail } from './dynamodb';
import { registryReader } from './registry';
import { exportsStore } from './s3';

/** The API credentials' kits (credentials/operations.ts), each built on first use. */
export const read = () => credentialDeps();

export const issue = () => credentialDeps(['issue']);

export const resend = () => credentialDeps(['link']);

export const retire = () => credentialDeps(['retire']);

export const revoke = () => credentialDeps(['revoke']);

export const scope = () => ({
  credentials: credentialStore(),
  registry: registryReader(),
  exports: exportsStore(),
  audit: auditTrail(),
  clock: systemClock,
  tokenUrl: lambdaEnv().OAUTH_TOKEN_URL,
  apiBaseUrl: lambdaEnv().PARTNER_API_BASE_URL,
});

export const link = () => ({
  ...credentialDeps(),
  ...steadyTiming(),
  tokenUrl: lambdaEnv().OAUTH_TOKEN_URL,
  apiBaseUrl: lambdaEnv().PARTNER_API_BASE_URL,
});

export const reveal = () => ({
  ...credentialDeps(['reveal']),
  ...steadyTiming(),
  tokenUrl: lambdaEnv().OAUTH_TOKEN_URL,
  apiBaseUrl: lambdaEnv().PARTNER_API_BASE_URL,
});
