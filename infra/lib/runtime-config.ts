import { Token } from 'aws-cdk-lib';
import { runtimeConfigSchema, type RuntimeConfig } from '@ccsc/contract';

/**
 * Checks /config.json against the web app's own schema (lambdas/src/contract/runtime-config.ts)
 * at synthesis. Values that are only known at deploy time (pool id, client id, API URL) are
 * CloudFormation tokens here; each is checked with a stand-in of the right shape, every other
 * value as it is. Unknown keys are refused: the file the web reads has exactly the schema's keys.
 */
const STAND_INS: Partial<Record<keyof RuntimeConfig, string>> = {
  userPoolId: 'us-west-2_Example1',
  userPoolClientId: 'exampleclientid',
  apiBaseUrl: 'https://example.execute-api.us-west-2.amazonaws.com/v1/ccsc/ui/',
};

export const validateRuntimeConfig = (config: RuntimeConfig): RuntimeConfig => {
  const checkable = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      typeof value === 'string' && Token.isUnresolved(value)
        ? (STAND_INS[key as keyof RuntimeConfig] ?? 'deploy-time-value')
        : value,
    ]),
  );
  const parsed = runtimeConfigSchema.strict().safeParse(checkable);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`/config.json would not match runtimeConfigSchema: ${problems.join('; ')}`);
  }
  if (config.cognitoEndpoint !== undefined) {
    throw new Error('/config.json must not name a cognitoEndpoint in AWS (offline only)');
  }
  return config;
};
