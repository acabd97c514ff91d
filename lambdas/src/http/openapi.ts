import { partnerOpenApi } from '@ccsc/contract/partner-api';
import { requestMeta } from './event';
import { jsonResponse } from './responses';
import type { LambdaHandler } from './router';

/**
 * GET /ccsc/api/v1/openapi.json (public): the partner API's OpenAPI 3.1 document, built from the
 * contract, with this console's origin as its server and the pool's token endpoint.
 */
export const createOpenApiHandler = (options: {
  tokenUrl: () => string;
  origins: () => readonly string[];
}): LambdaHandler => {
  let cached: { key: string; body: unknown } | null = null;
  return (event) => {
    const meta = requestMeta(event);
    const [first] = options.origins();
    const baseUrl = first ?? (meta.host === null ? 'http://localhost' : `http://${meta.host}`);
    const key = `${baseUrl} ${options.tokenUrl()}`;
    if (cached?.key !== key) {
      cached = { key, body: partnerOpenApi({ baseUrl, tokenUrl: options.tokenUrl() }) };
    }
    const result = jsonResponse(200, cached.body, meta.requestId);
    return Promise.resolve({
      ...result,
      // Public, and read by the console's reference page from its own origin (CloudFront's; the
      // API is API Gateway's): any origin may read it, without credentials.
      headers: {
        ...result.headers,
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      },
    });
  };
};
