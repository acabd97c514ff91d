import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DamagedFileError, readJsonFile, writeFileAtomic } from './atomic-file.mjs';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ccsc-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes, replaces, and leaves no temporary file behind', async () => {
    const file = join(dir, 'state.json');
    await writeFileAtomic(file, '{"v":1}');
    await writeFileAtomic(file, Buffer.from('{"v":2}'));
    expect(await readFile(file, 'utf8')).toBe('{"v":2}');
    await writeFileAtomic(file, Readable.from(['{"v":', Buffer.from('3}')]));
    expect(await readFile(file, 'utf8')).toBe('{"v":3}');
    expect(await readdir(dir)).toEqual(['state.json']);
  });

  it('keeps the old file, and no temporary one, when the new content fails half-way', async () => {
    const file = join(dir, 'object');
    await writeFileAtomic(file, 'old');
    async function* failing() {
      yield Buffer.from('new, but');
      await Promise.resolve();
      throw new Error('client went away');
    }
    await expect(writeFileAtomic(file, failing())).rejects.toThrow('client went away');
    expect(await readFile(file, 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['object']);
  });

  it('sets the mode it is given', async () => {
    const file = join(dir, 'key.json');
    await writeFileAtomic(file, '{}', { mode: 0o600 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  // A real crash: a process rewriting a 4 MB file in a loop is killed (SIGKILL) at a random moment,
  // ten times over. The file must always be one whole version. (With fs.writeFile in the same loop
  // it was left empty or cut short in 6 rounds of 10.)
  it('leaves one whole version when the writing process is killed at any moment', async () => {
    const file = join(dir, 'pool.json');
    const script = `
      const { writeFileAtomic } = await import(process.env.HELPER_URL);
      const versions = [0, 1].map((n) => JSON.stringify({ n, users: 'x'.repeat(4 * 1024 * 1024) }));
      await writeFileAtomic(process.env.TARGET, versions[0]);
      process.stdout.write('ready\\n');
      for (let n = 1; ; n += 1) await writeFileAtomic(process.env.TARGET, versions[n % 2]);
    `;
    const helperUrl = new URL('./atomic-file.mjs', import.meta.url).href;
    for (let round = 0; round < 10; round += 1) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, HELPER_URL: helperUrl, TARGET: file },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.once('error', reject);
        child.stdout.once('data', () => {
          resolve();
        });
      });
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 60));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const parsed = (await readJsonFile(file, 'the test file')) as { n: number; users: string };
      expect(parsed.users).toHaveLength(4 * 1024 * 1024);
    }
  }, 60_000);
});

describe('readJsonFile', () => {
  it('reads JSON, with a reviver; a missing file is undefined', async () => {
    const file = join(dir, 'a.json');
    await writeFile(file, '{"CreationDate":"2025-01-01T00:00:00.000Z","n":1}');
    expect(
      await readJsonFile(file, 'a test file', (key, value: unknown) =>
        key.endsWith('Date') && typeof value === 'string' ? new Date(value) : value,
      ),
    ).toEqual({ CreationDate: new Date('2025-01-01T00:00:00.000Z'), n: 1 });
    expect(await readJsonFile(join(dir, 'missing.json'), 'a test file')).toBeUndefined();
  });

  it.each([
    ['', 'is empty'],
    ['  \n', 'is empty'],
    ['\0\0\0\0', 'is not valid JSON'],
    ['{"Users": {"a": {"Username": "a", "Attrib', 'is not valid JSON'],
  ])('refuses %j, naming the file, what it is and what to do', async (content, problem) => {
    const file = join(dir, 'local_abc.json');
    await writeFile(file, content);
    const error = await readJsonFile(file, "the offline Cognito's user pool local_abc").then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DamagedFileError);
    expect(error).toMatchObject({ path: file });
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the offline Cognito's user pool local_abc\\) ${problem}`,
      ),
    );
    expect(message).toContain('it may have been cut short by a crash');
    expect(message).toContain(
      'The console will not start on a damaged store: restore it or run `npm run reset` to start afresh.',
    );
  });

  it('reports what a reviver refuses as damage too', async () => {
    const file = join(dir, 'b.json');
    await writeFile(file, '{"CreationDate":true}');
    await expect(
      readJsonFile(file, 'a test file', (key, value: unknown) => {
        if (key === 'CreationDate' && typeof value !== 'string') throw new Error('not a date');
        return value;
      }),
    ).rejects.toThrow(/b\.json \(a test file\) is not valid JSON \(not a date\)/);
  });

  it('passes other read errors through', async () => {
    await expect(readJsonFile(dir, 'a directory')).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
