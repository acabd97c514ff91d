/**
 * Metrics the jobs publish through CloudWatch's embedded metric format (a structured log line:
 * no SDK call, no extra permission), declared once for the job and for the alarm in infra.
 */
export const USER_INDEX_DRIFT_METRIC = {
  namespace: 'CCSC/Jobs',
  name: 'UserIndexDrift',
  /** ENVIRONMENT_NAME (sit, prod...). */
  dimension: 'Environment',
} as const;

/**
 * What the reconciler's sweep of API credentials resolved in one run (issue 32): Cognito app
 * clients of ours without a credential, leftover clients of revoked credentials, credentials
 * whose client is gone. Every one means a write went wrong outside the journal: alarmed at one.
 */
export const CREDENTIAL_SWEEP_METRIC = {
  namespace: 'CCSC/Jobs',
  name: 'CredentialClientsDisagreed',
  dimension: 'Environment',
} as const;

/** One EMF log line: `value` of the metric, for the environment. */
export const emfLine = (
  metric: { namespace: string; name: string; dimension: string },
  environment: string,
  value: number,
  at: Date = new Date(),
): string =>
  JSON.stringify({
    _aws: {
      Timestamp: at.getTime(),
      CloudWatchMetrics: [
        {
          Namespace: metric.namespace,
          Dimensions: [[metric.dimension]],
          Metrics: [{ Name: metric.name, Unit: 'Count' }],
        },
      ],
    },
    [metric.dimension]: environment,
    [metric.name]: value,
  });

/**
 * The product's business and health metrics (issue 19), published by the Lambdas through
 * Powertools Metrics (embedded metric format: a structured log line, no SDK call, no permission)
 * at the end of each invocation (core/telemetry.ts), and read by infra's alarms and dashboard.
 * Every one is a Count in namespace `CCSC`, with exactly the dimensions
 * { service: 'ccsc-console', Environment: <ENVIRONMENT_NAME> }. All but AuditAppendFailures are
 * counted where the audit record of the event is appended (adapters/dynamodb-audit-trail.ts),
 * after the append succeeded, through AUDIT_ACTION_METRICS below: the metric and the audit trail
 * count the same events.
 */
export const PRODUCT_METRICS = {
  namespace: 'CCSC',
  /** Powertools' `service` dimension: one value for every function, so an alarm names one series. */
  service: 'ccsc-console',
  /** ENVIRONMENT_NAME (sit, prod...). */
  dimension: 'Environment',
  names: {
    /** Completed sign-ins (audit `session.login`, `session.first-login`, success). */
    signIns: 'SignIns',
    /** Failed sign-ins, each recorded once by the lockout count (audit `session.login-failed`). */
    failedSignIns: 'FailedSignIns',
    /** Accounts locked after too many failed sign-ins (audit `account.locked`, success). */
    lockouts: 'Lockouts',
    /** API credentials issued (audit `api-credential.issued`, success). */
    credentialsIssued: 'CredentialsIssued',
    /**
     * Documents a system announced to the hub (audit `document.sent`, success: the record is
     * made, its file not yet uploaded), once per document.
     */
    documentsSent: 'DocumentsSent',
    /**
     * Documents whose file the hub received and verified (audit `document.received`, success:
     * size and SHA-256 match, then delivered to the receiver's inbox or held for a mapping),
     * once per document. A file refused for its size or checksum is not counted.
     */
    documentsReceived: 'DocumentsReceived',
    /**
     * Audit records that could not be appended (each record of a failed append; the change they
     * record was refused or is finished later by the journal).
     */
    auditAppendFailures: 'AuditAppendFailures',
  },
} as const;

export type ProductMetricName = (typeof PRODUCT_METRICS.names)[keyof typeof PRODUCT_METRICS.names];

/**
 * Which appended audit records are a business event, and which metric counts it: the record's
 * action with that outcome (a refused credential is recorded as `api-credential.issued` with
 * outcome `failure`, a lockout the last-PlatformAdmin rule stopped as `account.locked` failure:
 * neither is counted). Every action here is one of AUDIT_ACTION_KINDS (@ccsc/contract/audit).
 */
export const AUDIT_ACTION_METRICS = {
  'session.login': { metric: PRODUCT_METRICS.names.signIns, outcome: 'success' },
  'session.first-login': { metric: PRODUCT_METRICS.names.signIns, outcome: 'success' },
  'session.login-failed': { metric: PRODUCT_METRICS.names.failedSignIns, outcome: 'failure' },
  'account.locked': { metric: PRODUCT_METRICS.names.lockouts, outcome: 'success' },
  'api-credential.issued': { metric: PRODUCT_METRICS.names.credentialsIssued, outcome: 'success' },
  'document.sent': { metric: PRODUCT_METRICS.names.documentsSent, outcome: 'success' },
  'document.received': { metric: PRODUCT_METRICS.names.documentsReceived, outcome: 'success' },
} as const satisfies Readonly<
  Record<string, { metric: ProductMetricName; outcome: 'success' | 'failure' }>
>;

/** What of an audit record the metrics read (ports/audit-trail.ts AuditEntry has these). */
interface CountedEntry {
  action: string;
  outcome: 'success' | 'failure';
  target?: { id: string };
  requestId: string;
}

/**
 * The metrics one successful append adds: each event once, however many trails record it (a
 * document's step is written into the sender's and the receiver's organisation's trail, two
 * records of one event: the same action, target and request).
 */
export const productMetricsOf = (
  entries: readonly CountedEntry[],
): Map<ProductMetricName, number> => {
  const counts = new Map<ProductMetricName, number>();
  const seen = new Set<string>();
  for (const entry of entries) {
    const mapped = (AUDIT_ACTION_METRICS as Partial<typeof AUDIT_ACTION_METRICS>)[
      entry.action as keyof typeof AUDIT_ACTION_METRICS
    ];
    if (mapped?.outcome !== entry.outcome) continue;
    const event = JSON.stringify([entry.action, entry.target?.id ?? null, entry.requestId]);
    if (seen.has(event)) continue;
    seen.add(event);
    counts.set(mapped.metric, (counts.get(mapped.metric) ?? 0) + 1);
  }
  return counts;
};
