import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './env';
import { resetDataDir } from './reset';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('resetDataDir', () => {
  let root = '';
  const lines: string[] = [];
  const log = (line: string) => {
    lines.push(line);
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'ccsc-reset-'));
    lines.length = 0;
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('deletes a data folder holding our stack.json, saying what it deletes', async () => {
    const dir = join(root, 'data');
    await mkdir(join(dir, 'cognito'), { recursive: true });
    await writeFile(
      join(dir, 'stack.json'),
      JSON.stringify({ stack: 'ccsc-local', userPoolId: 'local_x', userPoolClientId: 'c' }),
    );
    await expect(resetDataDir(dir, log)).resolves.toBe('deleted');
    expect(await exists(dir)).toBe(false);
    expect(lines.join('\n')).toContain(join(dir, 'cognito'));
    expect(lines.join('\n')).toContain(join(dir, 'stack.json'));
  });

  it('deletes an empty folder and reports a missing one', async () => {
    const empty = join(root, 'empty');
    await mkdir(empty);
    await expect(resetDataDir(empty, log)).resolves.toBe('deleted');
    await expect(resetDataDir(join(root, 'missing'), log)).resolves.toBe('absent');
  });

  it('deletes a data folder whose stack.json a crash left empty or cut short (what reset is for)', async () => {
    for (const content of ['', '{"stack":"ccsc-local","userPoolId":"loc']) {
      const dir = join(root, 'damaged');
      await mkdir(join(dir, 'cognito', 'db'), { recursive: true });
      await mkdir(join(dir, 'mail'));
      // The malware scan's: clamd's folder and the GuardDuty stand-in's mark (a write cut short).
      await mkdir(join(dir, 'clamd'));
      await writeFile(join(dir, 'malware-scan.json.tmp-1-ab'), '{');
      await writeFile(join(dir, 'stack.json'), content);
      await expect(resetDataDir(dir, log)).resolves.toBe('deleted');
      expect(await exists(dir)).toBe(false);
    }
  });

  it("refuses a folder with a damaged stack.json and anything that is not the stack's", async () => {
    const dir = join(root, 'mixed');
    await mkdir(join(dir, 'cognito'), { recursive: true });
    await writeFile(join(dir, 'stack.json'), '');
    await writeFile(join(dir, 'thesis.tex'), 'precious');
    await expect(resetDataDir(dir, log)).rejects.toThrow(/Refusing/);
    expect(await exists(join(dir, 'thesis.tex'))).toBe(true);
  });

  it('refuses a folder that is not ours, a file, and the repository itself', async () => {
    const foreign = join(root, 'foreign');
    await mkdir(foreign);
    await writeFile(join(foreign, 'thesis.tex'), 'precious');
    await expect(resetDataDir(foreign, log)).rejects.toThrow(/Refusing/);
    expect(await exists(join(foreign, 'thesis.tex'))).toBe(true);

    const forged = join(root, 'forged');
    await mkdir(forged);
    await writeFile(join(forged, 'stack.json'), '{"name":"something else"}');
    await expect(resetDataDir(forged, log)).rejects.toThrow(/Refusing/);

    await writeFile(join(root, 'file'), 'x');
    await expect(resetDataDir(join(root, 'file'), log)).rejects.toThrow(/not a directory/);
    await expect(resetDataDir(REPOSITORY_ROOT, log)).rejects.toThrow(/Refusing/);
    await expect(resetDataDir('/', log)).rejects.toThrow(/Refusing/);
  });
});
