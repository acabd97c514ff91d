import { describe, expect, it } from 'vitest';
import { partnerOpenApi, PARTNER_API_PREFIX, PARTNER_DOCS_PATH } from '@ccsc/contract/partner-api';
import { paths } from '../../config/paths';
import { partnerOpenApiUrl, quickstartOf, type PartnerDocument } from './quickstart';

describe('the API reference’s quickstart', () => {
  it('finds the OpenAPI document beside the console’s calls, same origin or API Gateway’s', () => {
    expect(partnerOpenApiUrl('/ccsc/ui/', 'http://localhost:3000')).toBe(
      'http://localhost:3000/ccsc/api/v1/openapi.json',
    );
    expect(
      partnerOpenApiUrl(
        'https://abc.execute-api.us-west-2.amazonaws.com/v1/ccsc/ui/',
        'https://console.example.org',
      ),
    ).toBe('https://abc.execute-api.us-west-2.amazonaws.com/v1/ccsc/api/v1/openapi.json');
    expect(paths.apiReference).toBe(`${PARTNER_API_PREFIX}${PARTNER_DOCS_PATH}`);
  });

  it('shows the document’s own base URL, token URL and example request', () => {
    const doc = partnerOpenApi({
      baseUrl: 'https://api.example.org',
      tokenUrl: 'https://auth.example.org/oauth2/token',
    }) as unknown as PartnerDocument;
    const quickstart = quickstartOf(doc, 'https://api.example.org/ccsc/api/v1/openapi.json');
    expect(quickstart.baseUrl).toBe('https://api.example.org/ccsc/api/v1');
    expect(quickstart.tokenUrl).toBe('https://auth.example.org/oauth2/token');
    const all = quickstart.steps.flatMap((s) => s.code.map((c) => c.text)).join('\n');
    expect(all).toContain("API='https://api.example.org/ccsc/api/v1'");
    expect(all).toContain("'https://auth.example.org/oauth2/token'");
    // The send example is the document's: it names fields the API takes.
    expect(all).toContain('"idempotencyKey": "eisf-upload-2026-12-07-000187"');
    expect(all).toContain(
      'npx openapi-typescript https://api.example.org/ccsc/api/v1/openapi.json',
    );
    expect(quickstart.steps.map((s) => s.code.map((c) => c.language))).toEqual([
      ['curl', 'TypeScript'],
      ['curl', 'TypeScript'],
      ['curl', 'TypeScript'],
      ['curl', 'TypeScript'],
    ]);
    // The webhook step verifies with the Standard Webhooks reference library.
    expect(all).toContain("import { Webhook } from 'standardwebhooks';");
  });
});
