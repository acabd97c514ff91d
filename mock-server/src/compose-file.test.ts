import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * No Docker engine runs here, so docker-compose.yml and the .env.example beside it are checked by
 * reading: every setting compose takes from `.env` has its default in the example, only what the
 * browser calls is published, on the loopback unless told otherwise, and every public URL names
 * the port its service is published on. (tests/integration/separate-services.test.ts runs the
 * services as the file wires them.)
 */
const root = join(import.meta.dirname, '..', '..');
const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const exampleText = readFileSync(join(root, '.env.example'), 'utf8');

/** .env.example as compose reads a `.env`: KEY=value lines, quotes around a value removed. */
const example = new Map(
  exampleText
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, key = '', raw = '']) => [key, raw.replace(/^"(.*)"$/, '$1')] as const),
);

/** Every `${...}` of the compose file, as written. */
const references = [...composeText.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] ?? '');
const REFERENCE = /^([A-Z][A-Z0-9_]*):-(.*)$/;

/** Compose's interpolation of `${VAR:-default}` with the example's values. */
const interpolate = (value: string) =>
  value.replace(
    /\$\{([A-Z][A-Z0-9_]*):-([^}]*)\}/g,
    (_, name: string, fallback: string) => example.get(name) ?? fallback,
  );

interface Service {
  command?: string[];
  build?: { dockerfile: string };
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  /** A value YAML reads as a number stays one. */
  environment?: Record<string, string | number>;
  ports?: string[];
}
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const env = (service: string, name: string): string => {
  const value = services[service]?.environment?.[name];
  if (value === undefined) throw new Error(`${service} has no ${name}`);
  return interpolate(String(value));
};
/** A service's published ports, interpolated: [host address, host port, container port]. */
const published = (service: string) =>
  (services[service]?.ports ?? []).map((entry) => {
    const parts = interpolate(entry).split(':');
    expect(parts, entry).toHaveLength(3);
    return parts;
  });

describe('docker-compose.yml and .env.example', () => {
  it('writes every setting as ${VAR:-default}, the same default wherever it is used', () => {
    expect(composeText).not.toMatch(/\$(?!\{)[A-Za-z_]/); // no bare $VAR
    const defaults = new Map<string, string>();
    for (const reference of references) {
      const match = REFERENCE.exec(reference);
      expect(match, `\${${reference}} has no default`).not.toBeNull();
      const [, name = '', fallback = ''] = match ?? [];
      expect(defaults.get(name) ?? fallback, name).toBe(fallback);
      defaults.set(name, fallback);
    }
    expect(defaults.size).toBeGreaterThan(0);
  });

  it('lists every setting in .env.example with the default compose uses, and nothing else', () => {
    const used = new Map(
      references.map((reference) => {
        const [, name = '', fallback = ''] = REFERENCE.exec(reference) ?? [];
        return [name, fallback] as const;
      }),
    );
    expect(Object.fromEntries(example)).toEqual(Object.fromEntries(used));
  });

  it('publishes only what the browser calls: the console, Cognito, S3 and the inbox', () => {
    const withPorts = Object.keys(services).filter((name) => services[name]?.ports !== undefined);
    expect(withPorts.sort()).toEqual(['cognito', 'console', 'mail', 's3']);
    // The inbox's page only: SMTP (1025) stays on the compose network.
    expect(published('mail').map(([, , container]) => container)).toEqual(['1080']);
    for (const name of withPorts) expect(published(name), name).toHaveLength(1);
  });

  it('binds every published port to 127.0.0.1 unless BIND_ADDRESS says otherwise', () => {
    expect(example.get('BIND_ADDRESS')).toBe('127.0.0.1');
    for (const [name, service] of Object.entries(services)) {
      for (const entry of service.ports ?? []) {
        expect(entry, name).toMatch(/^\$\{BIND_ADDRESS:-127\.0\.0\.1\}:\$\{[A-Z0-9_]+:-\d+\}:\d+$/);
      }
    }
  });

  it('publishes each service on the port it listens on, and names that port in its public URL', () => {
    const cases = [
      {
        service: 'console',
        listens: env('console', 'PORT'),
        url: env('console', 'CONSOLE_PUBLIC_URL'),
      },
      {
        service: 'cognito',
        listens: env('cognito', 'COGNITO_PORT'),
        url: env('console', 'COGNITO_PUBLIC_URL'),
      },
      { service: 's3', listens: env('s3', 'S3_PORT'), url: env('console', 'S3_PUBLIC_URL') },
      { service: 'mail', listens: env('mail', 'MAIL_UI_PORT'), url: env('console', 'MAIL_UI_URL') },
    ];
    for (const { service, listens, url } of cases) {
      const [[, hostPort, containerPort] = []] = published(service);
      expect(containerPort, service).toBe(listens);
      expect(url, service).toBe(`http://localhost:${hostPort ?? ''}`);
    }
    // Cognito names its tokens' issuer with the same public URL the console checks them against.
    expect(env('cognito', 'COGNITO_PUBLIC_URL')).toBe(env('console', 'COGNITO_PUBLIC_URL'));
  });

  it("points the console at each service's own port on the compose network", () => {
    const endpoints = {
      COGNITO_ENDPOINT: `http://cognito:${env('cognito', 'COGNITO_PORT')}`,
      DYNAMODB_ENDPOINT: `http://dynamodb:${env('dynamodb', 'DYNAMODB_PORT')}`,
      S3_ENDPOINT: `http://s3:${env('s3', 'S3_PORT')}`,
      SES_ENDPOINT: `http://ses:${env('ses', 'SES_PORT')}`,
    };
    for (const [name, url] of Object.entries(endpoints))
      expect(env('console', name), name).toBe(url);
    for (const service of ['console', 'cognito', 'ses']) {
      expect(env(service, 'SMTP_HOST'), service).toBe('mail');
      expect(env(service, 'SMTP_PORT'), service).toBe(env('mail', 'SMTP_PORT'));
    }
  });

  it("runs every service from the one image, its role the command (the Dockerfile's entry point)", () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'clamd') continue; // ClamAV's own image, below
      expect(service.command, name).toEqual([name]);
      expect(service.build?.dockerfile, name).toBe('mock-server/Dockerfile');
    }
  });

  it("runs clamd from Debian's clamav-daemon with the shipped signatures, the console its client", () => {
    const clamd = services.clamd;
    expect(clamd?.build?.dockerfile).toBe('mock-server/clamav/Dockerfile');
    const dockerfile = readFileSync(join(root, 'mock-server', 'clamav', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/apt-get install .*clamav-daemon/);
    expect(dockerfile).toMatch(
      /COPY mock-server\/clamav\/ccsc-test\.hdb mock-server\/clamav\/ccsc-test\.ndb /,
    );
    expect(dockerfile).not.toMatch(/^RUN .*freshclam/m);
    const conf = readFileSync(join(root, 'mock-server', 'clamav', 'clamd-compose.conf'), 'utf8');
    const port = /^TCPSocket (\d+)$/m.exec(conf)?.[1];
    expect(/^TCPAddr 0\.0\.0\.0$/m.test(conf)).toBe(true);
    // The console's GuardDuty stand-in streams to it over TCP on the compose network.
    expect(env('console', 'CLAMD_ENDPOINT')).toBe(`tcp://clamd:${port ?? ''}`);
    expect(services.console?.depends_on?.clamd).toEqual({ condition: 'service_healthy' });
    expect(clamd?.healthcheck?.test).toContain('--ping');
  });
});
