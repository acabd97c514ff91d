import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SendMailOptions } from 'nodemailer';
import type { ProvisionResult, TableSpec } from './provision';
import { REGION } from './services/aws-local';
import { type RunningMail, startMail } from './services/mail';
import { type Stoppable, urlHost } from './services/net';
import { OUTBOX_DIR, Outbox } from './services/outbox';
import type { RunningS3 } from './services/s3';
import type { RelayMail } from './services/ses';

export type { TableSpec } from './provision';

export interface StackOptions {
  /** Everything persists under here: cognito/, dynamodb/, s3/, mail/ and stack.json. */
  dataDir: string;
  /**
   * 0 picks a free port; the ports really bound are in the result. SES's defaults to a free
   * one: only the Lambda handlers call it, told where by AWS_ENDPOINT_URL_SESV2.
   */
  ports: {
    cognito: number;
    dynamodb: number;
    s3: number;
    smtp: number;
    mailUi: number;
    ses?: number;
  };
  /** Invited on first start (the invitation with the temporary password lands in the inbox). */
  bootstrapAdminEmail: string;
  tables: readonly TableSpec[];
  buckets: readonly string[];
  /** The buckets the browser PUTs to through presigned links (a CORS rule, as infra sets). */
  uploadBuckets?: readonly string[];
  /** Sender of the e-mails Cognito sends (the handlers get theirs as MAIL_FROM). */
  mailFrom: string;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Named in the invitation e-mail. Default "CCSC Admin Console". */
  productName?: string;
  /** Verbose logs from the emulators. Default false. */
  debug?: boolean;
  /**
   * Stand-ins already running elsewhere (docker-compose.yml): nothing is started, the stack is
   * only provisioned there.
   */
  external?: ExternalServices;
}

export interface ExternalServices {
  cognito: string;
  /** Where browsers reach Cognito; the tokens' issuer prefix. */
  cognitoPublic: string;
  dynamodb: string;
  s3: string;
  mailUi: string;
  smtp: { host: string; port: number };
  /** The SES stand-in; without it one is started here, relaying to `smtp`. */
  ses?: string;
}

export interface StackInfo {
  region: typeof REGION;
  userPoolId: string;
  userPoolClientId: string;
  endpoints: {
    cognito: string;
    /** Where browsers reach Cognito (config.json); equals `cognito` unless behind a mapping. */
    cognitoPublic: string;
    dynamodb: string;
    s3: string;
    /** The SES (v2) stand-in: SendEmail, relayed to the inbox. */
    ses: string;
    /** The web inbox; its REST API is under /api (GET /api/email). */
    mailUi: string;
    smtp: { host: string; port: number };
  };
  /** The `iss` of the pool's tokens: `<cognito endpoint>/<userPoolId>`. */
  issuer: string;
  jwksUrl: string;
  /** What provisioning created on this start (nothing on a start where all was there). */
  provisioned: ProvisionResult['created'];
  /** Milliseconds: emulators up, provisioning, total. */
  timings: { services: number; provision: number; total: number };
  /**
   * Called for every object created in the embedded S3 (s3rver's events): what the malware
   * scanner watches. Absent with S3 elsewhere (docker-compose.yml): the scanner polls.
   */
  onObjectCreated?: RunningS3['onObjectCreated'];
  /** Stops everything; safe to call more than once. */
  stop(): Promise<void>;
}

const stopAll = async (parts: readonly Stoppable[]) => {
  const results = await Promise.allSettled(parts.map((p) => p.stop()));
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) {
    throw new AggregateError(
      failed.map((f): unknown => f.reason),
      'Some offline services did not stop cleanly',
    );
  }
};

/**
 * The embedded AWS stand-ins, in this process and without Docker: cognito-local (with the
 * fidelity layer), dynalite, s3rver, the SES stand-in and maildev, started side by side, then
 * provisioned.
 */
export const startStack = async (options: StackOptions): Promise<StackInfo> => {
  if (options.external) return useExternalStack(options, options.external);
  const startedAt = performance.now();
  const dataDir = resolve(options.dataDir);
  const host = options.host ?? '127.0.0.1';
  const debug = options.debug ?? false;
  const dirs = {
    cognito: join(dataDir, 'cognito'),
    dynamodb: join(dataDir, 'dynamodb'),
    s3: join(dataDir, 's3'),
    mail: join(dataDir, 'mail'),
  };
  await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));

  // Cognito's e-mails and those sent through SES go over SMTP to maildev, through a durable
  // outbox (services/outbox.ts): as in AWS, the API call that causes an e-mail does not wait for
  // its delivery (maildev parses each message before it answers, the first one slowly), but once
  // the call has answered the mail is kept on disk and delivered even if this process dies first
  // (at the next start). stop() waits for deliveries still under way.
  const smtp: {
    transport?: { sendMail(mail: SendMailOptions): Promise<unknown>; close(): void };
  } = {};
  const outbox = new Outbox(join(dataDir, OUTBOX_DIR), async (message) => {
    const transport = smtp.transport;
    if (!transport) throw new Error('The local mail catcher is not running');
    // Sent once maildev listens: with fixed ports the stack does not wait for it (below).
    await mailStarting;
    await transport.sendMail({ envelope: message.envelope, raw: message.raw });
  });
  const sendMail: RelayMail = (mail) => {
    if (!smtp.transport) return Promise.reject(new Error('The local mail catcher is not running'));
    return outbox.send(mail);
  };

  const [
    { startCognito },
    { startDynamoDb },
    { startS3 },
    { startSes },
    { createTransport },
    { provision },
  ] = await Promise.all([
    import('./services/cognito'),
    import('./services/dynamodb'),
    import('./services/s3'),
    import('./services/ses'),
    import('nodemailer'),
    import('./provision'),
  ]);
  // maildev (the slowest module by far) loads on its own thread once this one has loaded the other
  // emulators, so that the two do not compete for the CPU on the way to a usable console.
  const mailStarting = startMail({
    directory: dirs.mail,
    host,
    smtpPort: options.ports.smtp,
    uiPort: options.ports.mailUi,
    debug,
  });
  // Handled below (allSettled); this keeps an early failure from counting as unhandled meanwhile.
  mailStarting.catch(() => undefined);
  // maildev is the slowest to load and nothing but Cognito's e-mails needs it. When its ports are
  // fixed (every `npm start`), its addresses are known up front and the console does not wait for
  // it: e-mails wait instead (sendMail above). With port 0 (tests) the real ports must be awaited.
  const mailDeferred = options.ports.smtp !== 0 && options.ports.mailUi !== 0;
  const mailAwaited: Promise<RunningMail> = mailDeferred
    ? Promise.resolve({
        smtp: { host: urlHost(host), port: options.ports.smtp },
        uiUrl: `http://${urlHost(host)}:${String(options.ports.mailUi)}`,
        stop: () => mailStarting.then((m) => m.stop()),
      })
    : mailStarting;
  if (mailDeferred) {
    mailStarting.catch((err: unknown) => {
      console.error('The local mail catcher (maildev) did not start:', err);
    });
  }
  const started = await Promise.allSettled([
    startCognito({
      directory: dirs.cognito,
      host,
      port: options.ports.cognito,
      debug,
      sendMail,
      mailFrom: options.mailFrom,
    }),
    startDynamoDb({ directory: dirs.dynamodb, host, port: options.ports.dynamodb }),
    startS3({ directory: dirs.s3, host, port: options.ports.s3, debug }),
    startSes({ host, port: options.ports.ses ?? 0, relay: sendMail }),
    mailAwaited,
  ]);
  const running = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const [cognito, dynamodb, s3, ses, mail] = started;
  if (
    cognito.status === 'rejected' ||
    dynamodb.status === 'rejected' ||
    s3.status === 'rejected' ||
    ses.status === 'rejected' ||
    mail.status === 'rejected'
  ) {
    await stopAll(running).catch(() => undefined);
    const reasons = started.flatMap((r): unknown[] => (r.status === 'rejected' ? [r.reason] : []));
    const why = reasons.map((r) => (r instanceof Error ? r.message : String(r)).split('\n')[0]);
    throw new AggregateError(reasons, `The offline stack did not start: ${why.join('; ')}`);
  }
  const transport = createTransport({
    host: mail.value.smtp.host,
    port: mail.value.smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  smtp.transport = transport;
  outbox.resumeDelivery();
  const mailer: Stoppable = {
    stop: () => {
      transport.close();
      return Promise.resolve();
    },
  };
  const servicesUpAt = performance.now();

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= outbox.settled().then(() => stopAll([...running, mailer])));

  try {
    const ids = await provision({
      dataDir,
      endpoints: {
        cognito: cognito.value.url,
        dynamodb: dynamodb.value.url,
        s3: s3.value.url,
      },
      bootstrapAdminEmail: options.bootstrapAdminEmail,
      productName: options.productName ?? 'CCSC Admin Console',
      tables: options.tables,
      buckets: options.buckets,
      uploadBuckets: options.uploadBuckets ?? [],
    });
    const done = performance.now();
    const issuer = `${cognito.value.url}/${ids.userPoolId}`;
    return {
      region: REGION,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      endpoints: {
        cognito: cognito.value.url,
        cognitoPublic: cognito.value.url,
        dynamodb: dynamodb.value.url,
        s3: s3.value.url,
        ses: ses.value.url,
        mailUi: mail.value.uiUrl,
        smtp: mail.value.smtp,
      },
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
      provisioned: ids.created,
      onObjectCreated: (listener) => {
        s3.value.onObjectCreated(listener);
      },
      timings: {
        services: Math.round(servicesUpAt - startedAt),
        provision: Math.round(done - servicesUpAt),
        total: Math.round(done - startedAt),
      },
      stop,
    };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
};

/**
 * The stand-ins run as services of their own (docker-compose.yml): provision them, start none —
 * but for SES when no SES service is named: that one starts here, relaying to their maildev.
 */
const useExternalStack = async (
  options: StackOptions,
  external: ExternalServices,
): Promise<StackInfo> => {
  const startedAt = performance.now();
  const [{ provision }, { startSesRelayingTo }] = await Promise.all([
    import('./provision'),
    import('./services/ses'),
  ]);
  const ses: Stoppable & { url: string } =
    external.ses !== undefined
      ? { url: external.ses, stop: () => Promise.resolve() }
      : await startSesRelayingTo({
          host: options.host ?? '127.0.0.1',
          port: options.ports.ses ?? 0,
          smtp: external.smtp,
        });
  const ids = await provision({
    dataDir: resolve(options.dataDir),
    endpoints: { cognito: external.cognito, dynamodb: external.dynamodb, s3: external.s3 },
    bootstrapAdminEmail: options.bootstrapAdminEmail,
    productName: options.productName ?? 'CCSC Admin Console',
    tables: options.tables,
    buckets: options.buckets,
    uploadBuckets: options.uploadBuckets ?? [],
  }).catch(async (err: unknown) => {
    await ses.stop().catch(() => undefined);
    throw err;
  });
  const total = Math.round(performance.now() - startedAt);
  const issuer = `${external.cognitoPublic}/${ids.userPoolId}`;
  return {
    region: REGION,
    userPoolId: ids.userPoolId,
    userPoolClientId: ids.userPoolClientId,
    endpoints: {
      cognito: external.cognito,
      cognitoPublic: external.cognitoPublic,
      dynamodb: external.dynamodb,
      s3: external.s3,
      ses: ses.url,
      mailUi: external.mailUi,
      smtp: external.smtp,
    },
    issuer,
    // Fetched by the console's authorizer, so from where the console reaches Cognito.
    jwksUrl: `${external.cognito}/${ids.userPoolId}/.well-known/jwks.json`,
    provisioned: ids.created,
    timings: { services: 0, provision: total, total },
    stop: () => ses.stop(),
  };
};
