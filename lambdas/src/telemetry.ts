import type { Context } from 'aws-lambda';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { describeError, lambdaLogger, powertoolsLogger } from './core/logger';
import { PRODUCT_METRICS, type ProductMetricName } from './core/metrics';
import { lambdaEnv } from './env';

/**
 * What every Lambda invocation does around its work (the routers' handlers, the scheduled
 * jobs): Powertools' Logger told the Lambda context and the invocation's keys, and the product
 * metrics it counted published at its end (docs/runtime.md, "Logs, metrics and traces").
 */

let metrics: Metrics | undefined;
/** The Environment dimension the metrics have (set once: setting it again warns). */
let environment: string | undefined;

/**
 * The container's one Powertools Metrics (made on first use): namespace, `service` and
 * `Environment` dimensions from PRODUCT_METRICS. Offline the console sets
 * POWERTOOLS_METRICS_DISABLED, so nothing is printed there (what is counted is dropped).
 */
const productMetrics = (): Metrics =>
  (metrics ??= new Metrics({
    namespace: PRODUCT_METRICS.namespace,
    serviceName: PRODUCT_METRICS.service,
  }));

/** Adds `count` to a product metric of this invocation; published at its end. */
export const countProductMetric = (name: ProductMetricName, count = 1): void => {
  productMetrics().addMetric(name, MetricUnit.Count, count);
};

/**
 * Publishes what this invocation counted (one EMF line), if it counted anything: an invocation
 * that counted nothing prints nothing. A failure to publish is logged, never thrown: the answer
 * stands.
 */
export const publishProductMetrics = (): void => {
  if (metrics?.hasStoredMetrics() !== true) return;
  try {
    // Read here, not when the first metric is counted: an adapter counts without the
    // environment in an offline tool or a test; a Lambda always has it.
    const name = lambdaEnv().ENVIRONMENT_NAME;
    if (environment !== name) {
      metrics.setDefaultDimensions({ [PRODUCT_METRICS.dimension]: name });
      environment = name;
    }
    metrics.publishStoredMetrics();
  } catch (err) {
    metrics.clearMetrics();
    lambdaLogger.warn('product metrics could not be published', describeError(err));
  }
};

/** The keys every log line of an invocation carries while it runs. */
export interface InvocationKeys {
  /** The operation (an API route's) or the scheduled job's name. */
  operation: string;
  /** API Gateway's request id (requestContext.requestId: its access log's too), or the event's. */
  correlationId: string | null;
}

/**
 * Runs one invocation's work: the Lambda context (function request id, cold start, ...; none
 * offline, where the console calls the handler with the event alone) and the keys on every log
 * line meanwhile; then the metrics it counted published, and the keys cleared for the next.
 */
export const withInvocation = async <T>(
  context: Context | undefined,
  keys: InvocationKeys,
  work: () => Promise<T>,
): Promise<T> => {
  const logger = powertoolsLogger();
  if (context !== undefined) logger.addContext(context);
  logger.appendKeys({ operation: keys.operation });
  if (keys.correlationId !== null) logger.setCorrelationId(keys.correlationId);
  try {
    return await work();
  } finally {
    publishProductMetrics();
    logger.resetKeys();
  }
};

/**
 * An API call (router.ts, partner-router.ts) inside `withInvocation`: its operation, and API
 * Gateway's request id (requestContext.requestId, its access log's too) as the correlation id.
 */
export const withApiInvocation = <T>(
  operation: string,
  event: { requestContext: { requestId: string } },
  context: Context | undefined,
  work: () => Promise<T>,
): Promise<T> =>
  withInvocation(context, { operation, correlationId: event.requestContext.requestId }, work);

/**
 * A scheduled job's Lambda entry: its run inside `withInvocation`, the EventBridge event's id as
 * the correlation id. The offline console calls the run itself.
 */
export const scheduledJob =
  <T>(name: string, run: () => Promise<T>) =>
  (event?: { id?: string } | null, context?: Context): Promise<T> =>
    withInvocation(context, { operation: name, correlationId: event?.id ?? null }, run);
