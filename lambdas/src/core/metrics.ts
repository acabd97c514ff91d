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
