import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv, REPOSITORY_ROOT } from './env';

describe('readEnv', () => {
  it('gives the documented defaults, the data folder under the repository root', () => {
    const env = readEnv({});
    expect(env).toEqual({
      PORT: 3000,
      DATA_DIR: join(REPOSITORY_ROOT, '.data'),
      COGNITO_PORT: 9229,
      SMTP_PORT: 1025,
      MAIL_UI_PORT: 1080,
      DYNAMODB_PORT: 8000,
      S3_PORT: 4569,
      BOOTSTRAP_ADMIN_EMAIL: 'admin@example.com',
      MAIL_FROM: 'no-reply@ccsc.local',
      HOST: '127.0.0.1',
      PRODUCT_NAME: 'CCSC Admin Console',
      ACCOUNT_NAME: 'CCSC Local',
      SUPPORT_EMAIL: 'support@ccsc.local',
      IDLE_TIMEOUT_SECONDS: 1800,
      JOBS_EVERY_SECONDS: 60,
      PARTNER_REQUESTS_PER_FIVE_MINUTES: 600,
      SMTP_HOST: '127.0.0.1',
      MALWARE_SCANNER: 'auto',
      FAILPOINTS: [],
      DEBUG: false,
      SIMULATED_PARTNERS_EVERY_SECONDS: 45,
      SIMULATED_PARTNERS_WEBHOOK_PORT: 0,
    });
  });

  it('chooses the malware scanner and where a clamd elsewhere listens', () => {
    expect(readEnv({ MALWARE_SCANNER: 'stand-in' }).MALWARE_SCANNER).toBe('stand-in');
    expect(() => readEnv({ MALWARE_SCANNER: 'off' })).toThrow(/MALWARE_SCANNER/);
    expect(readEnv({ CLAMD_ENDPOINT: 'tcp://clamd:3310' }).CLAMD_ENDPOINT).toBe('tcp://clamd:3310');
    expect(readEnv({ CLAMD_ENDPOINT: '/run/clamd.sock' }).CLAMD_ENDPOINT).toBe('/run/clamd.sock');
    expect(() => readEnv({ CLAMD_ENDPOINT: 'clamd:3310' })).toThrow(/CLAMD_ENDPOINT/);
  });

  it('arms failpoints only when asked, by their names (the crash tests)', () => {
    expect(readEnv({ FAILPOINTS: 'trace,journal:credential.issue:client' }).FAILPOINTS).toEqual([
      'trace',
      'journal:credential.issue:client',
    ]);
    expect(() => readEnv({ FAILPOINTS: 'rm -rf /' })).toThrow(/FAILPOINTS/);
  });

  it('wants every endpoint of the separately running stand-ins, or none', () => {
    expect(() => readEnv({ COGNITO_ENDPOINT: 'http://cognito:9229' })).toThrow(
      /COGNITO_ENDPOINT.*DYNAMODB_ENDPOINT and S3_ENDPOINT are needed too/,
    );
    const env = readEnv({
      COGNITO_ENDPOINT: 'http://cognito:9229',
      COGNITO_PUBLIC_URL: 'http://localhost:9229',
      DYNAMODB_ENDPOINT: 'http://dynamodb:8000',
      S3_ENDPOINT: 'http://s3:4569',
    });
    expect(env.COGNITO_PUBLIC_URL).toBe('http://localhost:9229');
  });

  it('takes the addresses browsers are given (S3, the console) as origins only', () => {
    const env = readEnv({
      S3_PUBLIC_URL: 'http://localhost:4569/',
      CONSOLE_PUBLIC_URL: 'https://console.example.org:8443',
    });
    expect([env.S3_PUBLIC_URL, env.CONSOLE_PUBLIC_URL]).toEqual([
      'http://localhost:4569',
      'https://console.example.org:8443',
    ]);
    expect(() => readEnv({ S3_PUBLIC_URL: 'http://localhost:4569/bucket' })).toThrow(
      /S3_PUBLIC_URL="http:\/\/localhost:4569\/bucket": must be an origin, without a path/,
    );
    expect(() => readEnv({ CONSOLE_PUBLIC_URL: 'ftp://localhost' })).toThrow(
      /CONSOLE_PUBLIC_URL="ftp:\/\/localhost": must be an http\(s\) URL/,
    );
    expect(() => readEnv({ S3_PUBLIC_URL: 'localhost:4569' })).toThrow(/must be an http\(s\) URL/);
  });

  it('finds the repository root from its own location, not the working directory', () => {
    expect(join(REPOSITORY_ROOT, 'mock-server', 'src', 'env.ts')).toBe(
      new URL('./env.ts', import.meta.url).pathname,
    );
  });

  it('resolves a relative DATA_DIR against the repository root and keeps an absolute one', () => {
    expect(readEnv({ DATA_DIR: 'tmp/data' }).DATA_DIR).toBe(join(REPOSITORY_ROOT, 'tmp', 'data'));
    expect(readEnv({ DATA_DIR: '/var/tmp/x' }).DATA_DIR).toBe('/var/tmp/x');
  });

  it('accepts port 0 (a free port, for tests) and parses numbers', () => {
    const env = readEnv({ PORT: '0', COGNITO_PORT: '0', S3_PORT: '4600' });
    expect([env.PORT, env.COGNITO_PORT, env.S3_PORT]).toEqual([0, 0, 4600]);
  });

  it('reads DEBUG as a switch', () => {
    expect(readEnv({ DEBUG: '1' }).DEBUG).toBe(true);
    expect(readEnv({ DEBUG: 'express:*' }).DEBUG).toBe(true);
    expect(readEnv({ DEBUG: 'false' }).DEBUG).toBe(false);
    expect(readEnv({ DEBUG: '' }).DEBUG).toBe(false);
  });

  it('takes the scheduled jobs’ interval in whole seconds (the e2e journeys: 5)', () => {
    expect(readEnv({ JOBS_EVERY_SECONDS: '5' }).JOBS_EVERY_SECONDS).toBe(5);
  });

  it('reads SIMULATED_PARTNERS as a switch, unset left to the caller (npm start: on)', () => {
    expect(readEnv({}).SIMULATED_PARTNERS).toBeUndefined();
    expect(readEnv({ SIMULATED_PARTNERS: '' }).SIMULATED_PARTNERS).toBeUndefined();
    expect(readEnv({ SIMULATED_PARTNERS: '1' }).SIMULATED_PARTNERS).toBe(true);
    expect(readEnv({ SIMULATED_PARTNERS: 'off' }).SIMULATED_PARTNERS).toBe(false);
    expect(readEnv({}).SIMULATED_PARTNERS_EVERY_SECONDS).toBe(45);
    expect(readEnv({}).SIMULATED_PARTNERS_WEBHOOK_PORT).toBe(0);
    expect(() => readEnv({ SIMULATED_PARTNERS_EVERY_SECONDS: '0' })).toThrow(
      /SIMULATED_PARTNERS_EVERY_SECONDS="0": must be a positive whole number of seconds/,
    );
  });

  it('fails fast, listing every invalid variable at once', () => {
    expect(() =>
      readEnv({
        PORT: 'abc',
        SMTP_PORT: '70000',
        MAIL_FROM: 'nobody',
        ACCOUNT_NAME: ' ',
        IDLE_TIMEOUT_SECONDS: '0',
        JOBS_EVERY_SECONDS: '0.5',
      }),
    ).toThrow(
      /PORT="abc": must be a port number[\s\S]*SMTP_PORT="70000"[\s\S]*MAIL_FROM="nobody"[\s\S]*ACCOUNT_NAME=" ": must not be empty[\s\S]*IDLE_TIMEOUT_SECONDS="0"[\s\S]*JOBS_EVERY_SECONDS="0.5": must be a positive whole number of seconds/,
    );
  });
});
