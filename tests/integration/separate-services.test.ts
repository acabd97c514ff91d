import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv, REPOSITORY_ROOT, startConsole, type RunningConsole } from '@ccsc/mock-server';
import { callApi } from '../support/api';
import { createEnrolledUser } from '../support/aws';
import { consoleInfo } from '../support/console';
import { freePort } from '../support/ports';

// docker-compose.yml's design without Docker: each stand-in in a process of its own
// (mock-server/src/standalone.ts, the services' command there), and a console that starts none
// and is pointed at them with the same variables the compose file sets.
describe('the console on separately running stand-ins (the docker-compose.yml wiring)', () => {
  const children: ChildProcess[] = [];
  let running: RunningConsole | undefined;
  let dataDir = '';

  afterAll(async () => {
    await running?.stop();
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once('exit', r))),
    );
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const startService = (service: string, env: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/standalone.ts', service], {
        cwd: join(REPOSITORY_ROOT, 'mock-server'),
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      const onData = (d: Buffer) => {
        output += d.toString();
        if (process.env.SHOW_CHILD_OUTPUT) process.stderr.write(`[${service}] ${d.toString()}`);
        if (output.includes('stand-in listening at')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        reject(new Error(`${service} exited with ${String(code)}:\n${output}`));
      });
    });

  it('provisions them, serves the console and authorises with their tokens', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-separate-'));
    const ports = {
      COGNITO_PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      S3_PORT: String(await freePort()),
      SMTP_PORT: String(await freePort()),
      MAIL_UI_PORT: String(await freePort()),
    };
    const common = { ...ports, DATA_DIR: dataDir, HOST: '127.0.0.1' };
    const cognitoUrl = `http://127.0.0.1:${ports.COGNITO_PORT}`;
    await startService('mail', common);
    await Promise.all([
      startService('cognito', {
        ...common,
        COGNITO_PUBLIC_URL: cognitoUrl,
        SMTP_HOST: '127.0.0.1',
      }),
      startService('dynamodb', common),
      startService('s3', common),
    ]);

    const env = readEnv({
      ...common,
      PORT: '0',
      COGNITO_ENDPOINT: cognitoUrl,
      COGNITO_PUBLIC_URL: cognitoUrl,
      DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`,
      S3_ENDPOINT: `http://127.0.0.1:${ports.S3_PORT}`,
      MAIL_UI_URL: `http://127.0.0.1:${ports.MAIL_UI_PORT}`,
    });
    running = await startConsole(env);
    const info = consoleInfo(running, env);
    const admin = await createEnrolledUser(info, 'PlatformAdmin');
    const res = await callApi(info, 'list-all-users', { body: {}, token: admin.idToken });
    expect(res.status).toBe(200);
    const emails = (res.body as { data: { users: { email: string }[] } }).data.users.map(
      (u) => u.email,
    );
    expect(emails).toContain('admin@example.com');

    // The bootstrap invitation went from the Cognito service to the mail service.
    const deadline = Date.now() + 10_000;
    let subjects: string[] = [];
    while (Date.now() < deadline && subjects.length === 0) {
      const mails = (await (
        await fetch(`http://127.0.0.1:${ports.MAIL_UI_PORT}/api/email`)
      ).json()) as { subject: string; to: { address: string }[] }[];
      subjects = mails
        .filter((m) => m.to.some((t) => t.address === 'admin@example.com'))
        .map((m) => m.subject);
      if (subjects.length === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(subjects.length).toBe(1);
  });
});
