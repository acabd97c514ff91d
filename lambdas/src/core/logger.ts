import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';
import { PRODUCT_METRICS } from './metrics';

/**
 * What the code logs with: a message and a flat detail object, as JSON lines (the shape
 * CloudWatch Logs Insights queries best). Cores get one handed in (tests give a silent one); the
 * Lambdas' is `lambdaLogger`.
 */
export interface Logger {
  info(message: string, detail?: Record<string, unknown>): void;
  warn(message: string, detail?: Record<string, unknown>): void;
  error(message: string, detail?: Record<string, unknown>): void;
}

let powertools: PowertoolsLogger | undefined;

/**
 * The container's one Powertools Logger (made on first use): JSON lines on stdout, one a log
 * call, with `level`, `message`, `timestamp`, `service` (PRODUCT_METRICS.service), the Lambda
 * context while an invocation runs (`function_request_id`, `cold_start`, ...; core/telemetry.ts)
 * and its keys (`correlation_id`: API Gateway's request id; `operation`). The level is INFO, or
 * what the function's log level (Lambda's advanced logging controls) or POWERTOOLS_LOG_LEVEL says.
 */
export const powertoolsLogger = (): PowertoolsLogger =>
  (powertools ??= new PowertoolsLogger({ serviceName: PRODUCT_METRICS.service }));

/** Keys every Powertools line has: a detail that names one keeps its value under `detail_<key>`. */
const RESERVED = new Set(['level', 'message', 'sampling_rate', 'service', 'timestamp']);

const keyed = (detail: Record<string, unknown> | undefined): Record<string, unknown> => {
  if (detail === undefined) return {};
  if (!Object.keys(detail).some((key) => RESERVED.has(key))) return detail;
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => [
      RESERVED.has(key) ? `detail_${key}` : key,
      value,
    ]),
  );
};

const at =
  (level: keyof Logger) =>
  (message: string, detail?: Record<string, unknown>): void => {
    powertoolsLogger()[level](message, keyed(detail));
  };

/** The Lambdas' logger: Powertools' (above), with the detail's keys beside its own. */
export const lambdaLogger: Logger = { info: at('info'), warn: at('warn'), error: at('error') };

export const describeError = (err: unknown): Record<string, unknown> =>
  err instanceof Error
    ? { errorName: err.name, errorMessage: err.message, stack: err.stack }
    : { error: String(err) };
