import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPOSITORY_ROOT, type RunningRelay, startLoopbackRelay } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito, createEnrolledUser } from '../support/aws';
import {
  composeClamdConf,
  expectRecordsScanned,
  startComposeClamd,
} from '../support/compose-clamd';
import type { ConsoleInfo } from '../support/console';
import { freePort } from '../support/ports';

/**
 * docker-compose.yml as written, without Docker: each service a process of its own, started as
 * the image starts it (the Dockerfile's ENV and ENTRYPOINT, the service's command: the built
 * bundle with plain node), with the service's environment from the file, interpolated with
 * .env.example's values, in the order depends_on gives. What Docker provides is mapped onto this
 * machine:
 * - a service's name (http://s3:4569) is 127.0.0.1, and each port it listens on a free one;
 * - a port published on the host is a free loopback port relayed to the service (docker-proxy's
 *   job), and the public URLs (http://localhost:<host port>) name it.
 * The one exception is S3's published port: the console relays it itself, as it does inside its
 * container (S3_PUBLIC_URL is localhost there too), and with one loopback for both here, the
 * console's relay is the host's.
 */
const read = (file: string) => readFileSync(join(REPOSITORY_ROOT, file), 'utf8');

interface ComposeService {
  /** The image's role; none for clamd, which has an image of its own. */
  command?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  depends_on?: Record<string, unknown>;
}

const example = new Map(
  read('.env.example')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
    .filter((match) => match !== null)
    .map(([, key = '', raw = '']) => [key, raw.replace(/^"(.*)"$/, '$1')] as const),
);
const interpolate = (value: string) =>
  value.replace(
    /\$\{([A-Z][A-Z0-9_]*):-([^}]*)\}/g,
    (_, name: string, fallback: string) => example.get(name) ?? fallback,
  );
const services = (
  parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, ComposeService>;
  }
).services;

/** The running stage of the Dockerfile: its ENV, and the entry point (run from WORKDIR /app). */
const image = (() => {
  const lines = read('mock-server/Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n');
  const last = lines.findLastIndex((l) => l.startsWith('FROM '));
  const runtime = lines.slice(last);
  const env = Object.fromEntries(
    runtime
      .filter((l) => l.startsWith('ENV '))
      .flatMap((l) => [...l.slice(4).matchAll(/([A-Z0-9_]+)=(\S+)/g)])
      .map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const entry = JSON.parse(
    runtime.find((l) => l.startsWith('ENTRYPOINT '))?.slice('ENTRYPOINT '.length) ?? '[]',
  ) as string[];
  if (!runtime.includes('WORKDIR /app') || entry[0] !== 'node') {
    throw new Error('The image no longer runs `node <bundle> <role>` from /app: update this test.');
  }
  return { env, args: entry.slice(1) };
})();

/** The Signature Version 4 of a presigned GET, computed again for the host its URL names. */
const signatureMatches = (url: URL, secretAccessKey: string): boolean => {
  const params = url.searchParams;
  const encode = (s: string) =>
    encodeURIComponent(s).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const query = [...params.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name = '', value = '']) => `${name}=${value}`)
    .join('&');
  const signedHeaders = params.get('X-Amz-SignedHeaders') ?? '';
  const headers = signedHeaders.split(';').map((name) => {
    if (name !== 'host') throw new Error(`unexpected signed header ${name}`);
    return `host:${url.host}\n`;
  });
  const canonical = [
    'GET',
    url.pathname,
    query,
    headers.join(''),
    signedHeaders,
    params.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, date = '', region = '', service = ''] = (params.get('X-Amz-Credential') ?? '').split(
    '/',
  );
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    params.get('X-Amz-Date') ?? '',
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: string | Buffer, data: string) =>
    createHmac('sha256', key).update(data).digest();
  const key = [date, region, service, 'aws4_request'].reduce<Buffer>(
    (k, part) => hmac(k, part),
    Buffer.from(`AWS4${secretAccessKey}`),
  );
  return createHmac('sha256', key).update(toSign).digest('hex') === params.get('X-Amz-Signature');
};

describe('the console on separately running stand-ins (docker-compose.yml, as written)', () => {
  const children: ChildProcess[] = [];
  const relays: RunningRelay[] = [];
  let dataDir = '';
  /** `<service>:<port>` on the compose network -> the free port it listens on here. */
  const internal = new Map<string, number>();
  /** A port published on the host -> the free port that stands for it here. */
  const hostPorts = new Map<string, number>();
  const taken = new Set<number>();
  const newPort = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  /** Each service's environment as compose gives it, mapped onto this machine. */
  const environments = new Map<string, Record<string, string>>();

  const mapUrl = (value: string) => {
    if (!URL.canParse(value)) return value;
    const url = new URL(value);
    if (url.hostname in services) {
      return `${url.protocol}//127.0.0.1:${String(internal.get(`${url.hostname}:${url.port}`))}`;
    }
    if (url.hostname === example.get('PUBLIC_HOST')) {
      return `http://localhost:${String(hostPorts.get(url.port))}`;
    }
    return value;
  };

  beforeAll(async () => {
    // The image's build: the web app and mock-server/dist (when stale).
    const built = spawnSync(process.execPath, ['mock-server/scripts/start.mjs', '--build-only'], {
      cwd: REPOSITORY_ROOT,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);

    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-compose-'));
    const raw = new Map(
      Object.entries(services).map(([name, service]) => [
        name,
        Object.fromEntries(
          Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
        ),
      ]),
    );
    // The ports each service listens on: its *_PORT variables but those naming another service
    // (SMTP_PORT beside SMTP_HOST: mail is the mail service's).
    const PORT = /^([A-Z0-9_]+_)?PORT$/;
    const ownerOf = (name: string, env: Record<string, string>, key: string) => {
      const host = env[key.replace(/PORT$/, 'HOST')];
      return host !== undefined && host in services ? host : name;
    };
    for (const [name, env] of raw) {
      for (const [key, value] of Object.entries(env)) {
        const address = `${ownerOf(name, env, key)}:${value}`;
        if (PORT.test(key) && !internal.has(address)) internal.set(address, await newPort());
      }
    }
    // clamd listens where its clamd.conf says (TCPSocket).
    internal.set(`clamd:${composeClamdConf.port}`, await newPort());
    for (const service of Object.values(services)) {
      for (const entry of service.ports ?? []) {
        const [bind, hostPort = ''] = interpolate(entry).split(':');
        expect(bind).toBe('127.0.0.1');
        hostPorts.set(hostPort, await newPort());
      }
    }
    for (const [name, env] of raw) {
      const mapped: Record<string, string> = {};
      for (const [key, value] of Object.entries(env)) {
        if (key === 'HOST') mapped[key] = '127.0.0.1';
        else if (key === 'DATA_DIR') mapped[key] = dataDir;
        else if (PORT.test(key))
          mapped[key] = String(internal.get(`${ownerOf(name, env, key)}:${value}`));
        else if (key.endsWith('_HOST') && value in services) mapped[key] = '127.0.0.1';
        else mapped[key] = mapUrl(value);
      }
      environments.set(name, mapped);
    }
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once('exit', r))),
    );
    await Promise.all(relays.map((relay) => relay.stop()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Starts a service as its container would, resolving once it says it is ready. */
  const startService = async (name: string) => {
    if (name === 'clamd') {
      // Its own image (support/compose-clamd.ts); without clamd here, the console has none.
      const port = internal.get(`clamd:${composeClamdConf.port}`) ?? 0;
      const clamd = await startComposeClamd(dataDir, port);
      if (clamd) children.push(clamd);
      else delete environments.get('console')?.CLAMD_ENDPOINT;
      return;
    }
    return new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [...image.args, ...(services[name]?.command ?? [])], {
        cwd: REPOSITORY_ROOT,
        env: { PATH: process.env.PATH, ...image.env, ...environments.get(name) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      const onData = (d: Buffer) => {
        output += d.toString();
        if (process.env.SHOW_CHILD_OUTPUT) process.stderr.write(`[${name}] ${d.toString()}`);
        if (/stand-in listening at|^\s+Console\s/m.test(output)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        reject(new Error(`${name} exited with ${String(code)}:\n${output}`));
      });
    });
  };

  /** What docker-proxy does for a published port: host port -> the service's. */
  const publish = async (name: string) => {
    for (const entry of services[name]?.ports ?? []) {
      const [, hostPort = '', containerPort = ''] = interpolate(entry).split(':');
      relays.push(
        await startLoopbackRelay({
          publicUrl: `http://127.0.0.1:${String(hostPorts.get(hostPort))}`,
          target: `http://127.0.0.1:${String(internal.get(`${name}:${containerPort}`))}`,
        }),
      );
    }
  };

  it('starts every service from the image, the console on the others, reached at the public URLs', async () => {
    const started = new Set<string>();
    while (started.size < Object.keys(services).length) {
      const ready = Object.keys(services).filter(
        (name) =>
          !started.has(name) &&
          Object.keys(services[name]?.depends_on ?? {}).every((d) => started.has(d)),
      );
      expect(ready.length).toBeGreaterThan(0);
      await Promise.all(
        ready.map(async (name) => {
          // S3's published port is the console's own relay (see above).
          if (name !== 's3') await publish(name);
          await startService(name);
          started.add(name);
        }),
      );
    }
  });

  describe('once up', () => {
    const consoleEnv = () => environments.get('console') ?? {};
    const info = async (): Promise<ConsoleInfo> => {
      const env = consoleEnv();
      const url = env.CONSOLE_PUBLIC_URL ?? '';
      const config = (await (await fetch(`${url}/config.json`)).json()) as {
        region: string;
        userPoolId: string;
        userPoolClientId: string;
        cognitoEndpoint: string;
      };
      return {
        url,
        region: config.region,
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        cognitoEndpoint: config.cognitoEndpoint,
        mailUi: env.MAIL_UI_URL ?? '',
        dynamodbEndpoint: env.DYNAMODB_ENDPOINT ?? '',
        s3Endpoint: env.S3_ENDPOINT ?? '',
        sesEndpoint: env.SES_ENDPOINT ?? '',
        bootstrapAdminEmail: env.BOOTSTRAP_ADMIN_EMAIL ?? '',
        dataDir,
      };
    };

    it('names the public addresses in /config.json and its security policy', async () => {
      const env = consoleEnv();
      expect(env.CONSOLE_PUBLIC_URL).toMatch(/^http:\/\/localhost:\d+$/);
      const res = await fetch(`${env.CONSOLE_PUBLIC_URL ?? ''}/config.json`);
      const config = (await res.json()) as { cognitoEndpoint: string };
      expect(config.cognitoEndpoint).toBe(env.COGNITO_PUBLIC_URL);
      // The browser uploads to S3 itself: the policy lets it reach the public S3 address.
      expect(res.headers.get('content-security-policy')).toContain(env.S3_PUBLIC_URL);
    });

    it('provisions them, serves the console and authorises with their tokens', async () => {
      const c = await info();
      const admin = await createEnrolledUser(c, 'PlatformAdmin');
      const res = await callApi(c, 'list-all-users', { body: {}, token: admin.idToken });
      expect(res.status).toBe(200);
      const emails = (res.body as { data: { users: { email: string }[] } }).data.users.map(
        (u) => u.email,
      );
      expect(emails).toContain(c.bootstrapAdminEmail);

      // The bootstrap invitation went from the Cognito service to the mail service, and the
      // inbox shows it at its public address.
      const deadline = Date.now() + 10_000;
      let subjects: string[] = [];
      while (Date.now() < deadline && subjects.length === 0) {
        const mails = (await (await fetch(`${c.mailUi}/api/email`)).json()) as {
          subject: string;
          to: { address: string }[];
        }[];
        subjects = mails
          .filter((m) => m.to.some((t) => t.address === c.bootstrapAdminEmail))
          .map((m) => m.subject);
        if (subjects.length === 0) await new Promise((r) => setTimeout(r, 200));
      }
      expect(subjects.length).toBe(1);
    });

    it('checks a partner’s access token against the Cognito service’s keys: issued at the public address, keys read at the internal one', async () => {
      const c = await info();
      // A client of the pool with the client_credentials grant and an API scope, but no
      // credential of the console's: the token passes its check, the credential's does not.
      const created = await cognito(c).send(
        new CreateUserPoolClientCommand({
          UserPoolId: c.userPoolId,
          ClientName: 'separate-services-partner',
          GenerateSecret: true,
          AllowedOAuthFlows: ['client_credentials'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['ccsc-api/system.read'],
        }),
      );
      const id = created.UserPoolClient?.ClientId ?? '';
      const secret = created.UserPoolClient?.ClientSecret ?? '';
      const grant = await fetch(`${c.cognitoEndpoint}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      });
      expect(grant.status).toBe(200);
      const { access_token: token } = (await grant.json()) as { access_token: string };
      const call = (authorization?: string) =>
        fetch(`${c.url}/ccsc/api/v1/me`, {
          headers: authorization === undefined ? {} : { authorization },
        });
      const unknownCredential = await call(`Bearer ${token}`);
      expect(unknownCredential.status).toBe(401);
      expect(unknownCredential.headers.get('www-authenticate')).toContain(
        'its credential was revoked, has expired or does not exist',
      );
      const tampered = await call(`Bearer ${token.slice(0, -4)}AAAA`);
      expect(tampered.headers.get('www-authenticate')).toContain(
        'error_description="The access token is not valid: malformed',
      );
      expect((await call()).headers.get('www-authenticate')).toBe('Bearer realm="ccsc"');
    });

    it('scans each new record with clamd over TCP, as GuardDuty would, and says which engine', () =>
      expectRecordsScanned(consoleEnv()));

    it('gives presigned links to the public S3 address, signed for it, that the host can fetch', async () => {
      const c = await info();
      const admin = await createEnrolledUser(c, 'PlatformAdmin');
      const res = await callApi(c, 'export-users', { body: {}, token: admin.idToken });
      expect(res.status).toBe(200);
      const data = (res.body as { data: { url: string; fileName: string } }).data;
      const link = new URL(data.url);
      const publicS3 = consoleEnv().S3_PUBLIC_URL ?? '';
      expect(link.origin).toBe(publicS3);
      expect(publicS3).not.toBe(consoleEnv().S3_ENDPOINT);
      // s3rver does not check signatures; S3 does, for the host the request is sent to: the
      // signature is the one S3 would compute for this host (and not for the internal one).
      expect(signatureMatches(link, 'local')).toBe(true);
      const internalLink = new URL(link);
      internalLink.host = new URL(consoleEnv().S3_ENDPOINT ?? '').host;
      expect(signatureMatches(internalLink, 'local')).toBe(false);
      // Fetched as the browser on the host does.
      const download = await fetch(link);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="${data.fileName}"`,
      );
      expect(await download.text()).toContain(admin.email);
    });
  });
});
