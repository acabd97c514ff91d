import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStartFailure } from './start-failure';
import { DamagedFileError } from './services/atomic-file.mjs';

const mockServer = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('a start that fails', () => {
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ccsc-server-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // The server as `npm start` runs it (there from the esbuild bundle; here through tsx).
  it('on a damaged store: prints which file and what to do, no stack trace, exit code 1', async () => {
    const clients = join(dataDir, 'cognito', 'db', 'clients.json');
    await mkdir(dirname(clients), { recursive: true });
    await writeFile(clients, '{\n  "Clients": {\n    "4f1c');
    const ports = ['PORT', 'COGNITO_PORT', 'SMTP_PORT', 'MAIL_UI_PORT', 'DYNAMODB_PORT', 'S3_PORT'];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: mockServer,
      env: {
        ...process.env,
        ...Object.fromEntries(ports.map((name) => [name, '0'])),
        DATA_DIR: dataDir,
        DEBUG: '',
        AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(
      `The offline stack did not start: ${clients} (the offline Cognito's app clients) is not valid JSON`,
    );
    expect(output).toContain('restore it or run `npm run reset` to start afresh.');
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('describeStartFailure', () => {
  const damaged = new DamagedFileError('/data/stack.json', 'the ids', 'is empty');

  it('gives a damaged store its own message, alone or gathered by the stack', () => {
    expect(describeStartFailure(damaged, false)).toBe(damaged.message);
    const gathered = new AggregateError([damaged], 'The offline stack did not start: ...');
    expect(describeStartFailure(gathered, false)).toBe(gathered.message);
  });

  it('points anything else at DEBUG, and with DEBUG prints the whole error', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(describeStartFailure(bug, false)).toBe(
      `${bug.message}\n(DEBUG=1 prints the whole error, with where it happened.)`,
    );
    expect(describeStartFailure(bug, true)).toContain('at ');
    expect(describeStartFailure('odd', false)).toContain('odd');
  });
});
