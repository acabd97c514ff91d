import * as z from 'zod';

/**
 * /config.json: what the one web build reads at start to know its environment. The offline stack
 * serves it; the CDK deployment writes the same file from the stack's outputs.
 */
export const runtimeConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Offline only: where the local Cognito stand-in listens. Absent in AWS. */
  cognitoEndpoint: z.url().optional(),
  /** Base of the /ccsc/ui/ calls: "/ccsc/ui/" (same origin) or an absolute URL. */
  apiBaseUrl: z.string().min(1),
  productName: z.string().min(1),
  supportEmail: z.email(),
  environmentName: z.string().min(1),
  idleTimeoutSeconds: z.number().int().positive(),
  /**
   * The deployment's own name (SPEC §2 header, §3 authenticator issuer), e.g. "CCSC SIT": cdk.json
   * per environment in AWS, ACCOUNT_NAME offline.
   */
  accountName: z.string().min(1),
  /**
   * What scans the documents for malware (issue 34): GuardDuty Malware Protection for S3 in AWS;
   * offline, ClamAV's clamd or, where clamd is not installed, a test stand-in that knows only the
   * EICAR test file (the console tells signed-in administrators so).
   */
  malwareScanning: z
    .object({
      engine: z.enum(['guardduty', 'clamd', 'stand-in']),
      /** The engine's version where known ("ClamAV 1.4.6"). */
      version: z.string().min(1).optional(),
    })
    .optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
