import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { JOURNAL_PK, OUTBOX_PK } from '@ccsc/lambdas/data-model';
import type { ConsoleInfo } from '../support/console';
import { freePort } from '../support/ports';

/**
 * The offline console as `npm start` starts it (mock-server/scripts/start.mjs), in a child
 * process of a crash test's own (issue 32): started with every failpoint traced
 * (`failpoint: passed <name>` on stderr), a failpoint armed while it runs (written into
 * <DATA_DIR>/failpoints, then SIGUSR2) or at its start, killed there by the failpoint itself
 * (SIGKILL, as `kill -9`), and started again on the same data.
 *
 * What dies is what dies in AWS: the function. The stand-ins for Cognito, DynamoDB, S3, SES and
 * the inbox run as docker-compose.yml runs them (`standalone.mjs <role>`, one process each, on the
 * same data folder), started once and left standing while the console is killed and started
 * again on them (their endpoints in its environment, as the compose file's console has them). A
 * restart then loads only the console: about 2.5 s of CPU rather than 4.4 s with the stand-ins
 * inside it, and a crash run is mostly restarts. The embedded stack killed whole, stand-ins and
 * all, is create-user.crash.test.ts's case.
 */

export const MAIN_TABLE = 'ccsc-local-main';

const START = join('..', 'mock-server', 'scripts', 'start.mjs');
const STANDALONE = join('..', 'mock-server', 'dist', 'standalone.mjs');

/** The stand-ins in the order they start: Cognito and SES send their mail to the inbox's SMTP. */
const STAND_INS = ['mail', 'cognito', 'dynamodb', 's3', 'ses'] as const;

export class CrashConsole {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly standIns: ChildProcess[] = [];
  /** Everything every process of this console printed, in order. */
  readonly output: string[] = [];
  info!: ConsoleInfo;

  private constructor(
    readonly dataDir: string,
    private readonly ports: Record<string, number>,
  ) {}

  static async create(): Promise<CrashConsole> {
    const dataDir = await mkdtemp(join(tmpdir(), 'ccsc-crash-'));
    const ports: Record<string, number> = {};
    for (const name of [
      'PORT',
      'COGNITO_PORT',
      'SMTP_PORT',
      'MAIL_UI_PORT',
      'DYNAMODB_PORT',
      'S3_PORT',
      'SES_PORT',
    ]) {
      ports[name] = await freePort();
    }
    const console = new CrashConsole(dataDir, ports);
    try {
      await console.startStandIns();
    } catch (err) {
      await console.dispose();
      throw err;
    }
    return console;
  }

  private url(name: string): string {
    return `http://127.0.0.1:${String(this.ports[name])}`;
  }

  /** The stand-ins' own environment, and the console's to reach them (docker-compose.yml's). */
  private get serviceEnv(): Record<string, string> {
    return {
      ...Object.fromEntries(Object.entries(this.ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: this.dataDir,
      HOST: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    };
  }

  /** Each stand-in as its container runs it (`standalone.mjs <role>`), once it says it listens. */
  private async startStandIns(): Promise<void> {
    // The bundles the stand-ins run, brought up to date as `npm start` would.
    const built = spawnSync(process.execPath, [START, '--build-only'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the console could not be built');
    for (const role of STAND_INS) {
      const child = spawn(process.execPath, [STANDALONE, role], {
        env: { ...process.env, ...this.serviceEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.standIns.push(child);
      let said = '';
      await new Promise<void>((resolve, reject) => {
        const keep = (chunk: Buffer) => {
          said += chunk.toString();
          this.output.push(`[${role}] ${chunk.toString()}`);
          if (said.includes('stand-in listening at')) resolve();
        };
        child.stdout.on('data', keep);
        child.stderr.on('data', keep);
        child.once('exit', (code) => {
          reject(new Error(`the ${role} stand-in exited (${String(code)}):\n${said}`));
        });
      });
    }
    // The inbox stands for the whole file: waited for once, not at every restart.
    await this.inboxUp();
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /** A mark in the output: what was printed after it is `since(mark)`. */
  mark(): number {
    return this.output.join('').length;
  }

  since(mark: number): string {
    return this.output.join('').slice(mark);
  }

  /** The failpoints of `prefix` passed since `mark`, in order, each once. */
  passed(mark: number, prefix: string): string[] {
    const names = [...this.since(mark).matchAll(/failpoint: passed (\S+)/gu)]
      .map((m) => m[1] ?? '')
      .filter((name) => name.startsWith(prefix));
    return [...new Set(names)];
  }

  /**
   * Starts the console (every failpoint traced, `armed` armed too) and waits until it answers —
   * or, when `expectDeath`, until an armed failpoint killed it during the start.
   */
  async start(options: { armed?: string; expectDeath?: boolean } = {}): Promise<void> {
    await writeFile(join(this.dataDir, 'failpoints'), '');
    const child = spawn(process.execPath, [START], {
      env: {
        ...process.env,
        ...this.serviceEnv,
        COGNITO_ENDPOINT: this.url('COGNITO_PORT'),
        DYNAMODB_ENDPOINT: this.url('DYNAMODB_PORT'),
        S3_ENDPOINT: this.url('S3_PORT'),
        SES_ENDPOINT: this.url('SES_PORT'),
        MAIL_UI_URL: this.url('MAIL_UI_PORT'),
        FAILPOINTS: ['trace', ...(options.armed === undefined ? [] : [options.armed])].join(','),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('exit', () => {
        resolve();
      });
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString());
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const url = `http://127.0.0.1:${String(this.ports.PORT)}`;
    for (let i = 0; i < 900; i += 1) {
      if (!this.running) {
        if (options.expectDeath === true) return;
        throw new Error(`the console exited at start:\n${this.output.join('').slice(-4000)}`);
      }
      const config = await fetch(`${url}/config.json`).then(
        async (r) => (r.ok ? ((await r.json()) as Record<string, string>) : null),
        () => null,
      );
      if (config !== null && options.expectDeath !== true) {
        this.info = {
          url,
          region: config.region ?? 'us-west-2',
          userPoolId: config.userPoolId ?? '',
          userPoolClientId: config.userPoolClientId ?? '',
          cognitoEndpoint: config.cognitoEndpoint ?? '',
          mailUi: this.url('MAIL_UI_PORT'),
          dynamodbEndpoint: this.url('DYNAMODB_PORT'),
          s3Endpoint: this.url('S3_PORT'),
          sesEndpoint: this.url('SES_PORT'),
          bootstrapAdminEmail: 'admin@example.com',
          dataDir: this.dataDir,
        };
        return;
      }
      await delay(100);
    }
    throw new Error(`the console did not start:\n${this.output.join('').slice(-4000)}`);
  }

  /** The inbox's API (maildev's, on a worker thread) may answer a moment after its SMTP. */
  private async inboxUp(): Promise<void> {
    for (let i = 0; i < 100; i += 1) {
      const up = await fetch(`${this.url('MAIL_UI_PORT')}/api/email`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await delay(100);
    }
  }

  /** Arms `name` in the running console (and nothing else but the trace); waits for its word. */
  async arm(name: string): Promise<void> {
    const mark = this.mark();
    await writeFile(join(this.dataDir, 'failpoints'), name);
    this.child?.kill('SIGUSR2');
    for (let i = 0; i < 100; i += 1) {
      if (this.since(mark).includes(`failpoints: armed trace,${name}`)) return;
      await delay(20);
    }
    throw new Error(`the console did not arm ${name}`);
  }

  /** Waits for the process to be gone (a failpoint killed it); fails if it lives on. */
  async died(timeoutMs = 30_000): Promise<void> {
    const gone = await Promise.race([
      this.exited.then(() => true),
      delay(timeoutMs).then(() => false),
    ]);
    if (!gone) throw new Error('the console was expected to die at its armed failpoint');
    if (this.child?.signalCode !== 'SIGKILL') {
      throw new Error(`the console ended otherwise (${String(this.child?.exitCode)})`);
    }
  }

  async kill(): Promise<void> {
    if (!this.running) return;
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  async dispose(): Promise<void> {
    await this.kill();
    await Promise.all(
      this.standIns.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([gone, delay(5_000).then(() => child.kill('SIGKILL'))]);
      }),
    );
    if (process.env.CRASH_KEEP_DATA === '1') console.log(`crash test data kept in ${this.dataDir}`);
    else await rm(this.dataDir, { recursive: true, force: true });
  }

  /** The main table's items of one partition (the journal's, the outbox's). */
  async partition(pk: string): Promise<Record<string, unknown>[]> {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: this.info.region,
        endpoint: this.info.dynamodbEndpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    try {
      const out = await client.send(
        new QueryCommand({
          TableName: MAIN_TABLE,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
        }),
      );
      return out.Items ?? [];
    } finally {
      client.destroy();
    }
  }

  /**
   * Nothing left half done: no write in the journal, no mail waiting in the outbox. A write the
   * restarted console's first background pass is making right now (a release, a sweep) is given
   * a few seconds to end.
   */
  async settled(): Promise<{ journal: unknown[]; outbox: unknown[] }> {
    for (let i = 0; ; i += 1) {
      const now = await this.leftOver();
      if ((now.journal.length === 0 && now.outbox.length === 0) || i >= 50) return now;
      await delay(100);
    }
  }

  private async leftOver(): Promise<{ journal: unknown[]; outbox: unknown[] }> {
    return {
      journal: (await this.partition(JOURNAL_PK)).map((e) => `${String(e.sk)} ${String(e.kind)}`),
      // A sent mail is kept a while as sent (core/outbox.ts): only unsent ones are waiting.
      outbox: (await this.partition(OUTBOX_PK))
        .filter((e) => e.sentAt === undefined)
        .map((e) => String(e.sk)),
    };
  }
}

/**
 * The steps of one call, as the console passes them: runs `act` with every failpoint traced and
 * answers the failpoints of `kind` it passed (`journal:<kind>:begun`, then one per step).
 */
export const stepsOf = async (
  console: CrashConsole,
  kind: string,
  act: () => Promise<unknown>,
): Promise<string[]> => {
  const mark = console.mark();
  await act();
  // The trace goes through a pipe: a moment for its last lines.
  await delay(100);
  return console.passed(mark, `journal:${kind}:`);
};

/**
 * Kills the console at `failpoint` during `act` (armed now), then starts it again: answers what
 * `act` answered before the process died, if anything (usually the connection just breaks).
 */
export const killedAt = async <T>(
  console: CrashConsole,
  failpoint: string,
  act: () => Promise<T>,
): Promise<T | null> => {
  await console.arm(failpoint);
  const answered = await act().then(
    (value) => value,
    () => null,
  );
  await console.died();
  await console.start();
  return answered;
};

/** Polls `check` until it holds (what a restart's first background pass finishes), or fails. */
export const eventually = async (
  what: string,
  check: () => Promise<boolean>,
  ms = 30_000,
): Promise<void> => {
  for (const started = Date.now(); Date.now() - started < ms;) {
    if (await check()) return;
    await delay(200);
  }
  throw new Error(`never happened: ${what}`);
};
