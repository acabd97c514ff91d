import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@ccsc/contract';
import { testConfig } from '../testing/render-app';
import { loadRuntimeConfig, parseRuntimeConfig, RuntimeConfigError } from './runtime-config';

const VALID = [
  testConfig,
  { ...testConfig, cognitoEndpoint: 'http://localhost:9229', accountName: 'Acme' },
  { ...testConfig, apiBaseUrl: 'https://api.example.com/ccsc/ui/', unknownField: 1 },
  { ...testConfig, malwareScanning: { engine: 'stand-in' } },
  { ...testConfig, malwareScanning: { engine: 'clamd', version: 'ClamAV 1.4.6' } },
  { ...testConfig, malwareScanning: { engine: 'guardduty' } },
];
const INVALID: unknown[] = [
  null,
  [],
  'config',
  {},
  { ...testConfig, region: '' },
  { ...testConfig, userPoolId: undefined },
  { ...testConfig, userPoolClientId: 42 },
  { ...testConfig, cognitoEndpoint: 'not a url' },
  { ...testConfig, apiBaseUrl: '' },
  { ...testConfig, productName: '' },
  { ...testConfig, supportEmail: 'helpdesk' },
  { ...testConfig, supportEmail: 'help desk@example.com' },
  { ...testConfig, environmentName: null },
  { ...testConfig, idleTimeoutSeconds: 0 },
  { ...testConfig, idleTimeoutSeconds: 1.5 },
  { ...testConfig, idleTimeoutSeconds: '1800' },
  { ...testConfig, accountName: 7 },
  { ...testConfig, accountName: '' },
  { ...testConfig, accountName: undefined },
  { ...testConfig, malwareScanning: { engine: 'clamav' } },
  { ...testConfig, malwareScanning: { engine: 'clamd', version: '' } },
  { ...testConfig, malwareScanning: 'stand-in' },
];

describe('runtime config check', () => {
  it('accepts and refuses exactly what the contract’s schema does', () => {
    for (const sample of [...VALID, ...INVALID]) {
      const contract = runtimeConfigSchema.safeParse(sample);
      const web = parseRuntimeConfig(sample);
      expect({ sample, ok: web.success }).toEqual({ sample, ok: contract.success });
      if (web.success && contract.success) expect(web.data).toEqual(contract.data);
    }
  });

  it('checks every field the contract declares', () => {
    for (const field of Object.keys(runtimeConfigSchema.shape)) {
      const wrongField = { ...testConfig, [field]: { not: 'a valid value for any field' } };
      expect({ field, ok: parseRuntimeConfig(wrongField).success }).toEqual({
        field,
        ok: false,
      });
    }
  });

  it('names the fields that are wrong', () => {
    const parsed = parseRuntimeConfig({ ...testConfig, region: '', supportEmail: 'x' });
    expect(parsed).toEqual({
      success: false,
      problems: ['region: invalid or missing', 'supportEmail: invalid or missing'],
    });
  });
});

describe('loading /config.json', () => {
  const respond =
    (body: string, status = 200) =>
    () =>
      Promise.resolve(
        new Response(body, { status, headers: { 'content-type': 'application/json' } }),
      );

  it('returns the checked configuration', async () => {
    await expect(loadRuntimeConfig(respond(JSON.stringify(testConfig)))).resolves.toEqual(
      testConfig,
    );
  });

  it.each([
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      /could not be fetched/,
    ],
    ['an HTTP error', respond('{}', 404), /answered HTTP 404/],
    ['a body that is not JSON', respond('<html>'), /is not JSON/],
    ['an invalid configuration', respond('{"region":"x"}'), /is not valid: userPoolId/],
  ])('fails with a RuntimeConfigError on %s', async (_case, fetchImpl, message) => {
    const loading = loadRuntimeConfig(fetchImpl);
    await expect(loading).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(loading).rejects.toThrow(message);
  });
});
