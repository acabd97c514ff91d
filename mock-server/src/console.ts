import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '@ccsc/contract';
import { BUCKETS, bucketName, TABLES, tableName } from '@ccsc/lambdas/data-model';
import { buildApp } from './app';
import { createIdTokenAuthorizer } from './authorizer';
import { rearmOnSignal } from './failpoint-signal';
import { REPOSITORY_ROOT, type MockEnv } from './env';
import { lambdaEnvFor } from './lambda-env';
import { scanResultListener } from './malware-scanning';
import { type ScanResultThread, startScanResultThread } from './scan-result-thread';
import { clearRunning, markRunning } from './running-marker';
import { type SimulatedPartners, startSimulatedPartners } from './partner-systems';
import { SEED_ADMINS, seedDemoPreferences, seedReferenceData, seedStandardRows } from './seed';
import { clamdAddressOf } from './services/clamd-client';
import { type MalwareScanner, startMalwareScan } from './services/malware-scan';
import { publicHost, publicUrlOf } from './services/net';
import {
  loopbackRelayPort,
  type RunningRelay,
  startLoopbackRelay,
} from './services/loopback-relay';
import { startStack, type StackInfo } from './stack';

export const ENVIRONMENT_NAME = 'local';

/**
 * Where the documents' verified files are kept (lambdas' recordKeyOf: records/<study>/<document>/
 * <completion>): what the GuardDuty stand-in scans, as the plan's prefix does in AWS.
 */
const RECORDS_PREFIX = 'records/';
/** Without S3's events (S3 elsewhere): how often the stand-in looks for new records. */
const SCAN_POLL_MS = 2_000;

/** The credential job runs every ten minutes, on every so many passes of the scheduled jobs. */
const CREDENTIAL_JOB_EVERY_SECONDS = 600;
/**
 * How often the offline console fans the events out to notifications (issue 35; AWS: every
 * minute): often, so a person trying the console sees a notification a moment after its fact.
 */
const FAN_OUT_EVERY_MS = 2_000;
/** The fan-out's timer: often enough for webhooks (issue 36: ≤ 1 s from event to receiver). */
const TICK_MS = 200;
const FAN_OUT_TICKS = FAN_OUT_EVERY_MS / TICK_MS;
/** How often (in ticks) the console asks whether any webhook endpoint exists. */
const WEBHOOK_CHECK_EVERY = 10;
/**
 * The document follow-ups (issue 35: returns cut short, requests' news) run on every this many
 * fan-out ticks (10 s): each reads every study's requests, too much for every tick.
 */
const FOLLOW_UPS_EVERY = 5;

/** The user index checked against Cognito after an unclean stop; logs what it corrected. */
const rebuildIndexAfterCrash = async (): Promise<void> => {
  try {
    const { rebuildIndex } = await import('@ccsc/lambdas/jobs');
    const { users, drift } = await rebuildIndex();
    console.log(
      `User index checked after an unclean stop: ${String(users)} users, ${String(drift)} rows corrected.`,
    );
  } catch (err) {
    console.error('User index: the check after an unclean stop failed', err);
  }
};

/**
 * The port the console will listen on, held from the start: the handlers are told the console's
 * origin (PARTNER_API_BASE_URL) before they load, long before the app listens. For port 0 a free
 * port is bound at once and kept until `release()`, called just before the app listens on it.
 */
const holdPort = async (
  port: number,
  host: string,
): Promise<{ port: number; release(): Promise<void> }> => {
  if (port !== 0) return { port, release: () => Promise.resolve() };
  // Nobody knows the port yet; a connection all the same is closed at once.
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    holder.once('error', reject);
    holder.listen(0, host, () => {
      holder.off('error', reject);
      resolve();
    });
  });
  const address = holder.address();
  let released: Promise<void> | undefined;
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    release: () =>
      (released ??= new Promise<void>((resolve) => {
        holder.close(() => {
          resolve();
        });
      })),
  };
};

export interface RunningConsole {
  /** Where browsers reach the console: CONSOLE_PUBLIC_URL, or where it listens. */
  url: string;
  port: number;
  stack: StackInfo;
  runtimeConfig: RuntimeConfig;
  app: FastifyInstance;
  /** The GuardDuty stand-in that scans new records (tests wait for it with `idle()`). */
  malwareScanner: MalwareScanner;
  /** The simulated partner systems, when they run (SIMULATED_PARTNERS). */
  partners: SimulatedPartners | null;
  stop(): Promise<void>;
}

/** How often the simulated sponsor reads its inbox and feed when no webhook came. */
const PARTNERS_POLL_MS = 5_000;

/**
 * Starts the whole console offline: the embedded AWS stand-ins, then the Fastify server that
 * serves the web app and calls the Lambda handlers. Lambda configuration travels the way it does
 * in AWS, through environment variables, so one process hosts one console at a time.
 */
export const startConsole = async (
  env: MockEnv,
  options: {
    webRoot?: string;
    /**
     * Whether the simulated partner systems run when SIMULATED_PARTNERS is unset: `npm start`
     * (server.ts) says yes for a console with its own stand-ins; tests' consoles leave it out.
     */
    partnersByDefault?: boolean;
  } = {},
): Promise<RunningConsole> => {
  const tables = {
    main: tableName(ENVIRONMENT_NAME, TABLES.main),
    audit: tableName(ENVIRONMENT_NAME, TABLES.audit),
    documents: tableName(ENVIRONMENT_NAME, TABLES.documents),
  };
  const buckets = {
    documents: bucketName(ENVIRONMENT_NAME, BUCKETS.documents),
    artifacts: bucketName(ENVIRONMENT_NAME, BUCKETS.artifacts),
    exports: bucketName(ENVIRONMENT_NAME, BUCKETS.exports),
  };
  const stack = await startStack({
    dataDir: env.DATA_DIR,
    host: env.HOST,
    ports: {
      cognito: env.COGNITO_PORT,
      dynamodb: env.DYNAMODB_PORT,
      s3: env.S3_PORT,
      ...(env.SES_PORT !== undefined ? { ses: env.SES_PORT } : {}),
      smtp: env.SMTP_PORT,
      mailUi: env.MAIL_UI_PORT,
    },
    bootstrapAdminEmail: env.BOOTSTRAP_ADMIN_EMAIL,
    mailFrom: env.MAIL_FROM,
    productName: env.PRODUCT_NAME,
    debug: env.DEBUG,
    ...(env.COGNITO_ENDPOINT !== undefined &&
    env.DYNAMODB_ENDPOINT !== undefined &&
    env.S3_ENDPOINT !== undefined
      ? {
          external: {
            cognito: env.COGNITO_ENDPOINT,
            cognitoPublic: env.COGNITO_PUBLIC_URL ?? publicUrlOf(env.COGNITO_ENDPOINT),
            dynamodb: env.DYNAMODB_ENDPOINT,
            s3: env.S3_ENDPOINT,
            mailUi: env.MAIL_UI_URL ?? `http://localhost:${env.MAIL_UI_PORT}`,
            smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT },
            ...(env.SES_ENDPOINT !== undefined ? { ses: env.SES_ENDPOINT } : {}),
          },
        }
      : {}),
    tables: [
      { name: tables.main, definition: TABLES.main },
      { name: tables.audit, definition: TABLES.audit },
      { name: tables.documents, definition: TABLES.documents },
    ],
    buckets: [buckets.documents, buckets.artifacts, buckets.exports],
    uploadBuckets: [buckets.documents],
    malware: {
      setting: env.MALWARE_SCANNER,
      ...(env.CLAMD_ENDPOINT !== undefined ? { endpoint: clamdAddressOf(env.CLAMD_ENDPOINT) } : {}),
      ...(env.CLAMD_PATH !== undefined ? { binary: env.CLAMD_PATH } : {}),
    },
  });

  let reconciler: NodeJS.Timeout | undefined;
  let reconciling: Promise<void> | undefined;
  let fanOut: NodeJS.Timeout | undefined;
  let fanningOut: Promise<void> | undefined;
  let webhookDeliveries: { stop(): Promise<void> } | undefined;
  let stopRearming = (): void => undefined;
  let app: FastifyInstance | undefined;
  let marked = false;
  let uncleanStop = false;
  let held: Awaited<ReturnType<typeof holdPort>> | undefined;
  let s3Relay: RunningRelay | undefined;
  let scanner: MalwareScanner | undefined;
  let scanResults: ScanResultThread | undefined;
  let partners: SimulatedPartners | null = null;
  try {
    // Where browsers reach S3: every presigned link names it, and a link is signed for the host
    // it names, so the handlers call S3 there too. On this machine's loopback (docker-compose.yml:
    // http://localhost:4569, published on the host), the console relays that port to S3 itself,
    // as the published port does on the host: inside its container localhost is its own.
    const s3Url = env.S3_PUBLIC_URL ?? stack.endpoints.s3;
    if (loopbackRelayPort(s3Url, stack.endpoints.s3) !== undefined) {
      s3Relay = await startLoopbackRelay({ publicUrl: s3Url, target: stack.endpoints.s3 });
    }
    held = await holdPort(env.PORT, env.HOST);
    const consoleUrl =
      env.CONSOLE_PUBLIC_URL ?? `http://${publicHost(env.HOST)}:${String(held.port)}`;
    // Seeded while the handlers load and the app is built (start-up budget); awaited before the
    // console listens, so no call can see the table half-seeded. The seeded standards' rows go
    // into the artifacts bucket alongside, on every start (same keys, same bytes).
    const seeded = Promise.all([
      seedReferenceData({
        endpoint: stack.endpoints.dynamodb,
        region: stack.region,
        tableName: tables.main,
      }),
      seedStandardRows({
        endpoint: stack.endpoints.s3,
        region: stack.region,
        bucket: buckets.artifacts,
      }),
    ]);
    seeded.catch(() => undefined); // observed below; a failure must not surface as unhandled first
    Object.assign(
      process.env,
      lambdaEnvFor({
        stack,
        tables,
        buckets,
        mailFrom: env.MAIL_FROM,
        environmentName: ENVIRONMENT_NAME,
        consoleUrl,
        s3Url,
      }),
    );
    // Imported only now: the handlers read their configuration from the environment set above.
    // A console started before in this process left its clients and configuration behind.
    const { resetContainer } = await import('@ccsc/lambdas/container');
    resetContainer();
    const handlersModule = await import('@ccsc/lambdas/handlers');
    const { handlers } = handlersModule;
    const {
      finishInterruptedWrites,
      finishInterruptedDocumentWrites,
      sweepCredentialClients,
      runCredentialExpiry,
      releaseHeldDocuments,
      runDistributionReminders,
      runDocumentFollowUps,
      sweepAwaitingScan,
      sweepImportJoins,
      documentScanResult,
      armFailpoints,
      runEventFanOut,
      runNotificationDigest,
      webhookDispatcher,
      anyWebhookEndpoint,
    } = await import('@ccsc/lambdas/jobs');
    // The crash tests' failpoints (tests/crash/): armed only when asked, never in AWS. Asked
    // for at all, the test may arm more while the console runs: it writes their names into
    // <DATA_DIR>/failpoints and sends SIGUSR2.
    armFailpoints(env.FAILPOINTS);
    // GuardDuty's verdicts go to the scan result's function in a worker thread, as to its own
    // Lambda in AWS (scan-result-thread.ts): it arms the same failpoints.
    const verdicts = startScanResultThread({
      failpoints: env.FAILPOINTS,
      inProcess: documentScanResult,
    });
    scanResults = verdicts;
    if (env.FAILPOINTS.length > 0) {
      stopRearming = rearmOnSignal(env.DATA_DIR, env.FAILPOINTS, (names) => {
        armFailpoints(names);
        verdicts.arm(names);
      });
    }
    uncleanStop = await markRunning(env.DATA_DIR);
    marked = true;

    const runtimeConfig: RuntimeConfig = {
      region: stack.region,
      userPoolId: stack.userPoolId,
      userPoolClientId: stack.userPoolClientId,
      cognitoEndpoint: stack.endpoints.cognitoPublic,
      apiBaseUrl: '/ccsc/ui/',
      productName: env.PRODUCT_NAME,
      supportEmail: env.SUPPORT_EMAIL,
      environmentName: ENVIRONMENT_NAME,
      idleTimeoutSeconds: env.IDLE_TIMEOUT_SECONDS,
      accountName: env.ACCOUNT_NAME,
      malwareScanning: {
        engine: stack.malware.kind,
        ...(stack.malware.version !== undefined ? { version: stack.malware.version } : {}),
      },
    };
    app = await buildApp({
      webRoot: options.webRoot ?? join(REPOSITORY_ROOT, 'web', 'dist'),
      runtimeConfig,
      // Presigned links name the S3 endpoint the handlers are given (lambda-env.ts).
      uploadOrigins: [new URL(s3Url).origin],
      authorizer: createIdTokenAuthorizer({
        issuer: stack.issuer,
        jwksUrl: stack.jwksUrl,
        clientId: stack.userPoolClientId,
      }),
      handlers,
      partnerRequestsPerFiveMinutes: env.PARTNER_REQUESTS_PER_FIVE_MINUTES,
      logger: env.DEBUG,
    });
    await seeded;
    // What the last process left half done (it is gone: every write in the journal is finished
    // or undone now, before anyone can call), then on every pass (JOBS_EVERY_SECONDS, a minute
    // by default) what a failing step left, as the reconciler does every five minutes in AWS.
    await finishInterruptedWrites(true);
    await finishInterruptedDocumentWrites(true);
    // …and the document returns (issue 35: their own job's, forced as well).
    await runDocumentFollowUps(true);
    // A verdict the last process was handed but did not apply is lost with it (the object is
    // tagged already, so the stand-in will not scan it again): read from the tag now.
    await sweepAwaitingScan(true);
    // …and so is one on a file an import filed: joined to the study now (its joins cut short
    // finished first), as the scan result's function does on its schedule in AWS.
    await sweepImportJoins(true);
    // One pass at a time; a stop waits for the one under way. Every credentialJobEvery-th pass
    // (and the first) also runs the credential job (expiry notices, expiry, retiring old
    // secrets), as EventBridge does hourly in AWS.
    let passes = 0;
    const credentialJobEvery = Math.max(
      1,
      Math.round(CREDENTIAL_JOB_EVERY_SECONDS / env.JOBS_EVERY_SECONDS),
    );
    let digestDay: string | null = null;
    const pass = (credentials: boolean) => {
      reconciling = (credentials ? runCredentialExpiry().then(() => undefined) : Promise.resolve())
        .then(() => finishInterruptedWrites(false))
        // API credentials against their Cognito app clients (every 5 minutes in AWS).
        .then(() => sweepCredentialClients())
        // The documents' job (every 5 minutes in AWS): their interrupted writes, then the
        // documents held for a mapping tried again.
        .then(() => finishInterruptedDocumentWrites(false))
        .then(() => releaseHeldDocuments())
        // …and the documents awaiting a scan too long: the verdict read from their tag.
        .then(() => sweepAwaitingScan(false))
        // …and the files imports filed whose verdict never came (the scan result's schedule).
        .then(() => sweepImportJoins(false))
        // The daily digest of notifications (issue 35; AWS: at 06:00 UTC): once a day offline,
        // on the first pass of each day (UTC).
        .then(async () => {
          const today = new Date().toISOString().slice(0, 10);
          if (digestDay === today) return;
          await runNotificationDigest();
          digestDay = today;
        })
        // Safety-letter distributions (hourly in AWS): fan-outs left unfinished, reminders due.
        .then(() => runDistributionReminders())
        .then(
          () => undefined,
          (err: unknown) => {
            console.error('scheduled jobs: a pass failed', err);
          },
        )
        .finally(() => {
          reconciling = undefined;
        });
    };
    pass(true);
    reconciler = setInterval(() => {
      if (reconciling !== undefined) return;
      passes += 1;
      pass(passes % credentialJobEvery === 0);
    }, env.JOBS_EVERY_SECONDS * 1000);
    reconciler.unref();
    // The events the writes emitted, fanned out to notifications and mails (its own timer: a
    // notification should follow its fact within seconds, not at the next reconciler pass).
    // Every FOLLOW_UPS_EVERY-th tick, first the document follow-ups (every 15 minutes in AWS):
    // returns cut short finished, requests due soon, overdue or fulfilled told once — so their
    // notifications too follow within seconds.
    // While any webhook endpoint exists (asked every WEBHOOK_CHECK_EVERY ticks), every tick
    // fans out and tries the deliveries due (issue 36: an event reaches its receiver within a
    // second); otherwise every FAN_OUT_TICKS-th tick fans out alone. Offline there is no queue
    // (no WEBHOOK_QUEUE_URL): this pump tries the due deliveries itself, where AWS hands them to
    // an SQS queue and its consumer (lambdas/src/webhooks/webhook-queued.ts).
    const dispatcher = webhookDispatcher();
    webhookDeliveries = dispatcher;
    let ticks = 0;
    let webhooksLive = false;
    fanOut = setInterval(() => {
      // The deliveries due, by a dispatcher of their own kicked at every tick: a long fan-out (a
      // burst of events) holds no delivery back, nor a receiver slow to answer any notification,
      // nor one endpoint that hangs the others' deliveries (webhook-dispatch.ts).
      if (webhooksLive) {
        dispatcher.kick().catch((err: unknown) => {
          console.error('webhooks: reading the deliveries due failed', err);
        });
      }
      if (fanningOut !== undefined) return;
      ticks += 1;
      const checked =
        ticks % WEBHOOK_CHECK_EVERY === 1
          ? anyWebhookEndpoint().then((any) => {
              webhooksLive = any;
            })
          : Promise.resolve();
      fanningOut = checked
        .then(async () => {
          if (!webhooksLive && ticks % FAN_OUT_TICKS !== 0) return;
          if (ticks % (FOLLOW_UPS_EVERY * FAN_OUT_TICKS) === 0) await runDocumentFollowUps(false);
          await runEventFanOut();
        })
        .then(
          () => undefined,
          (err: unknown) => {
            console.error('events: a fan-out pass failed', err);
          },
        )
        .finally(() => {
          fanningOut = undefined;
        });
    }, TICK_MS);
    fanOut.unref();
    // The GuardDuty Malware Protection for S3 stand-in: every new record is scanned, tagged and
    // announced with GuardDuty's event; at start, records written while it was down.
    const documentsScanner = startMalwareScan({
      s3Endpoint: stack.endpoints.s3,
      region: stack.region,
      bucket: buckets.documents,
      prefix: RECORDS_PREFIX,
      engine: stack.malware,
      markFile: join(env.DATA_DIR, 'malware-scan.json'),
      ...(stack.onObjectCreated === undefined ? { pollMs: SCAN_POLL_MS } : {}),
      // Each verdict to the scan result's entry, as GuardDuty's EventBridge rule to its function.
      onResult: scanResultListener(verdicts.handle),
    });
    stack.onObjectCreated?.((bucket, key) => {
      if (bucket === buckets.documents) documentsScanner.enqueue(key);
    });
    scanner = documentsScanner;
    await held.release();
    await app.listen({ port: held.port, host: env.HOST });
    // After an unclean stop the index may also have missed a sync that was not journaled (a
    // sign-in's): checked against Cognito in the background, as the nightly rebuild does in AWS.
    const indexCheck = uncleanStop ? rebuildIndexAfterCrash() : Promise.resolve();
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : held.port;
    const running = app;
    const url = env.CONSOLE_PUBLIC_URL ?? `http://${publicHost(env.HOST)}:${String(port)}`;
    // The simulated partner systems call the console as any partner: from here on, in the
    // background (their first calls wait for nothing the start-up needs).
    if (
      env.SIMULATED_PARTNERS ??
      (options.partnersByDefault === true && env.COGNITO_ENDPOINT === undefined)
    ) {
      // The demo's administrator sees what they leave held in the notification list (seed.ts).
      await seedDemoPreferences({
        dynamodbEndpoint: stack.endpoints.dynamodb,
        cognitoEndpoint: stack.endpoints.cognito,
        region: stack.region,
        tableName: tables.main,
        userPoolId: stack.userPoolId,
        email: env.BOOTSTRAP_ADMIN_EMAIL,
      });
      partners = await startSimulatedPartners({
        endpoints: {
          consoleUrl: url,
          region: stack.region,
          cognitoEndpoint: stack.endpoints.cognito,
          userPoolId: stack.userPoolId,
          userPoolClientId: stack.userPoolClientId,
          mailUi: stack.endpoints.mailUi,
        },
        issuer: stack.issuer,
        dataDir: env.DATA_DIR,
        operatorEmail: SEED_ADMINS.platform,
        sendEveryMs: env.SIMULATED_PARTNERS_EVERY_SECONDS * 1000,
        pollEveryMs: Math.min(PARTNERS_POLL_MS, env.SIMULATED_PARTNERS_EVERY_SECONDS * 1000),
        receiverPort: env.SIMULATED_PARTNERS_WEBHOOK_PORT,
      });
    }
    const simulated = partners;
    return {
      url,
      port,
      stack,
      runtimeConfig,
      app: running,
      malwareScanner: documentsScanner,
      partners: simulated,
      async stop() {
        // The partners first: their calls in flight answered while the console still listens.
        await simulated?.stop();
        clearInterval(reconciler);
        clearInterval(fanOut);
        stopRearming();
        await running.close();
        await reconciling;
        await fanningOut;
        await webhookDeliveries?.stop();
        await indexCheck;
        await documentsScanner.stop();
        await verdicts.stop();
        await s3Relay?.stop();
        await stack.stop();
        await clearRunning(env.DATA_DIR);
      },
    };
  } catch (err) {
    // Nothing of a console that did not start keeps running; a marker this start wrote over a
    // clean stop goes again (after an unclean one it stays: the next start checks the index).
    await partners?.stop().catch(() => undefined);
    clearInterval(reconciler);
    clearInterval(fanOut);
    stopRearming();
    await held?.release();
    await app?.close().catch(() => undefined);
    await reconciling;
    await fanningOut;
    await webhookDeliveries?.stop();
    await scanner?.stop();
    await scanResults?.stop();
    await s3Relay?.stop();
    await stack.stop();
    if (marked && !uncleanStop) await clearRunning(env.DATA_DIR).catch(() => undefined);
    throw err;
  }
};
