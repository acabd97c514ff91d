import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FidelityStore } from './state';

describe('FidelityStore', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ccsc-fidelity-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a file it cannot parse, naming it, when opened (at the start, not at a later call)', async () => {
    const file = join(dir, 'local_abc.json');
    await writeFile(file, '{"origins":{"jti-1":{"originJti":"jti-1","user');
    const store = new FidelityStore(dir);
    const opened = await store.open().then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(opened).toBeInstanceOf(Error);
    const message = opened instanceof Error ? opened.message : '';
    expect(message).toContain(`${file} (`);
    expect(message).toContain('is not valid JSON');
    expect(message).toContain('run `npm run reset` to start afresh');
    // Read lazily, it is refused all the same, and never taken as an empty state.
    await expect(new FidelityStore(dir).read('local_abc')).rejects.toThrow(file);
    await expect(new FidelityStore(dir).update('local_abc', () => undefined)).rejects.toThrow(file);
    expect(await readFile(file, 'utf8')).toContain('"jti-1"');
  });

  it('refuses an empty file, and one that holds no JSON object', async () => {
    await writeFile(join(dir, 'local_empty.json'), '');
    await expect(new FidelityStore(dir).read('local_empty')).rejects.toThrow(
      `${join(dir, 'local_empty.json')} (`,
    );
    await writeFile(join(dir, 'local_empty.json'), 'null');
    await expect(new FidelityStore(dir).read('local_empty')).rejects.toThrow(
      /local_empty\.json .*is not a JSON object/,
    );
  });

  it('reads a file from before a key existed with that key empty (client secrets)', async () => {
    await writeFile(join(dir, 'local_old.json'), '{"users":{"u1":{"failedAttempts":1}}}');
    const state = await new FidelityStore(dir).read('local_old');
    expect(state.clientSecrets).toEqual({});
    expect(state.resourceServers).toEqual({});
    expect(state.users).toEqual({ u1: { failedAttempts: 1 } });
  });

  it('opens what it wrote, leaves no temporary file behind, and ignores one a crash left', async () => {
    const store = new FidelityStore(dir);
    await store.open();
    await store.update('local_abc', (state) => {
      FidelityStore.userMeta(state, 'u1').failedAttempts = 2;
    });
    expect(await readdir(dir)).toEqual(['local_abc.json']);
    // A write cut short before its rename: the file it was to replace is what counts.
    await writeFile(join(dir, 'local_abc.json.tmp-999-abcdef'), '{"users":{"u1":{"failed');
    const reopened = new FidelityStore(dir);
    await reopened.open();
    expect((await reopened.read('local_abc')).users).toEqual({ u1: { failedAttempts: 2 } });
  });
});
