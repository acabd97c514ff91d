import type { Tracer } from '@aws-lambda-powertools/tracer';
import { PRODUCT_METRICS } from '../../core/metrics';
import { inLambda } from '../../env';

let tracer: Promise<Tracer> | undefined;

/** The container's one Powertools Tracer, its package loaded with the first client (once.ts). */
const loadTracer = (): Promise<Tracer> => {
  if (tracer === undefined) {
    const loading = import('@aws-lambda-powertools/tracer').then(
      ({ Tracer }) =>
        // The SDK calls are traced through the clients; nothing else here calls out over HTTP.
        new Tracer({ serviceName: PRODUCT_METRICS.service, captureHTTPsRequests: false }),
    );
    tracer = loading;
    loading.catch(() => {
      if (tracer === loading) tracer = undefined;
    });
  }
  return tracer;
};

/**
 * An SDK client as it is built (./cognito.ts, ./dynamodb.ts, ...): in AWS, captured by Powertools'
 * Tracer, so each call is a subsegment of the function's X-Ray trace. The Tracer and the X-Ray
 * SDK are loaded with the first client, like the SDK itself (docs/runtime.md, "SDK on first use"): no
 * Lambda loads them at start. Outside Lambda (the offline console, the tests) the client is left
 * as it is and neither is loaded: the Tracer would disable itself there anyway, and loading the
 * X-Ray SDK turns on an async hook that slows every promise of the process.
 */
export const traced = async <Client>(client: Client): Promise<Client> => {
  if (!inLambda()) return client;
  return (await loadTracer()).captureAWSv3Client(client);
};
