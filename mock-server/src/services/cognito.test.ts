import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCognito } from './cognito';

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ccsc-cognito-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** What startCognito did with `directory`: undefined when it started (then it is stopped). */
const startOutcome = async (directory: string): Promise<unknown> => {
  try {
    const running = await startCognito({
      directory,
      host: '127.0.0.1',
      port: 0,
      debug: false,
      mailFrom: 'no-reply@ccsc.local',
      sendMail: () => Promise.resolve(),
    });
    await running.stop();
    return undefined;
  } catch (err) {
    return err;
  }
};

describe('the offline Cognito on a damaged store', () => {
  // Each file it keeps, and what a crash or a bad hand could leave in it.
  const damaged: [file: string, content: string, problem: string][] = [
    ['db/local_abc123.json', '', 'is empty'],
    ['db/local_abc123.json', '{\n  "Users": {\n    "a": {\n      "Usern', 'is not valid JSON'],
    ['db/clients.json', '{"Clients": {"c1": {"ClientId"', 'is not valid JSON'],
    ['db/local_abc123.json', '[]', 'is not a JSON object'],
    ['config.json', '\n', 'is empty'],
    ['fidelity/local_abc123.json', '{"origins": {', 'is not valid JSON'],
    ['fidelity/signing-key.json', '', 'is empty'],
    ['fidelity/signing-key.json', '{"kty":"RSA"}', 'is not an RSA private key'],
  ];

  it.each(damaged)(
    'refuses to start on %s holding %j, naming the file (%s)',
    async (file, content, problem) => {
      const path = join(root, file);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, content);
      const error = await startOutcome(root);
      expect(error).toBeInstanceOf(Error);
      const message = error instanceof Error ? error.message : '';
      expect(message).toContain(`${path} (`);
      expect(message).toContain(problem);
      expect(message).toContain('run `npm run reset` to start afresh');
      // Left as found, for whoever restores it.
      expect(await readFile(path, 'utf8')).toBe(content);
    },
  );

  it('starts afresh on a missing store, as before', async () => {
    expect(await startOutcome(root)).toBeUndefined();
    expect((await readdir(join(root, 'db'))).sort()).toEqual(['clients.json']);
    expect(JSON.parse(await readFile(join(root, 'db', 'clients.json'), 'utf8'))).toEqual({
      Clients: {},
    });
  });
});
