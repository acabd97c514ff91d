import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonFileDataStoreFactory } from './pool-store';

const ctx = { logger: pino({ level: 'silent' }) };

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ccsc-cognito-store-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('JsonFileDataStoreFactory', () => {
  const created = new Date('2025-01-01T08:00:00.000Z');
  const user = (name: string) => ({
    Username: name,
    Attributes: [{ Name: 'email', Value: `${name}@example.com` }],
    Enabled: true,
    UserCreateDate: created,
    UserLastModifiedDate: new Date(created.getTime() + 1000),
    RefreshTokens: [],
  });

  /** The calls cognito-local makes, with their answers (errors by message). */
  const exercise = async (factory: DataStoreFactory) => {
    const answers: unknown[] = [];
    const answer = async (call: () => Promise<unknown>) => {
      answers.push(
        await call().catch((err: unknown) => ({ error: err instanceof Error && err.message })),
      );
    };
    const defaults = { Users: {}, Options: { Id: 'local_x', CreationDate: created } };
    const store = await factory.create(ctx, 'local_x', defaults);
    await answer(() => store.getRoot(ctx));
    await store.set(ctx, ['Users', 'a'], user('a'));
    await store.set(ctx, ['Users', 'b'], user('b'));
    await store.set(ctx, ['Groups', 'g', 'members'], ['a']);
    await store.set(ctx, 'Options', { ...defaults.Options, MfaConfiguration: 'OPTIONAL' });
    await answer(() => store.get(ctx, ['Users', 'a']));
    await answer(() => store.get(ctx, ['Users', 'nobody']));
    await answer(() => store.get(ctx, ['Users', 'nobody'], 'default'));
    await answer(() => store.get(ctx, 'Users.a'));
    await answer(() => store.get(ctx, ['Nothing', 'here', 'at all']));
    await answer(() => store.get(ctx, ['Groups', 'h'], {}));
    await store.delete(ctx, ['Users', 'b']);
    await store.delete(ctx, ['Users', 'nobody']);
    await answer(() => store.delete(ctx, ['Nothing', 'here']));
    await answer(() => store.set(ctx, ['Users', 'c'], { ...user('c'), UserCreateDate: 'today' }));
    await store.delete(ctx, ['Users', 'c']);
    await answer(() => store.getRoot(ctx));
    return answers;
  };

  it("behaves as cognito-local's StormDB store: answers, errors, Dates and the file it writes", async () => {
    const stormDir = join(root, 'storm');
    const oursDir = join(root, 'ours');
    const storm = await exercise(new StormDBDataStoreFactory(stormDir));
    const ours = await exercise(new JsonFileDataStoreFactory(oursDir));
    expect(ours).toEqual(storm);
    expect(ours[1]).toMatchObject({ UserCreateDate: created });
    expect(await readFile(join(oursDir, 'local_x.json'), 'utf8')).toBe(
      await readFile(join(stormDir, 'local_x.json'), 'utf8'),
    );

    // Each reads the other's file, Dates revived as Dates.
    const reopened = await Promise.all([
      new JsonFileDataStoreFactory(stormDir).create(ctx, 'local_x', {}),
      new StormDBDataStoreFactory(oursDir).create(ctx, 'local_x', {}),
    ]);
    const roots = await Promise.all(reopened.map((store: DataStore) => store.getRoot(ctx)));
    expect(roots[0]).toEqual(roots[1]);
    expect(roots[0]).toMatchObject({ Users: { a: { UserCreateDate: created } } });
  });

  it('starts a missing or empty-object store from its defaults, and saves it', async () => {
    const factory = new JsonFileDataStoreFactory(root);
    await writeFile(join(root, 'was-empty.json'), '{}');
    for (const id of ['missing', 'was-empty']) {
      const store = await factory.create(ctx, id, { Clients: {} });
      expect(await store.getRoot(ctx)).toEqual({ Clients: {} });
      expect(JSON.parse(await readFile(join(root, `${id}.json`), 'utf8'))).toEqual({
        Clients: {},
      });
    }
  });

  it('writes one save at a time, and the last state wins', async () => {
    const store = await new JsonFileDataStoreFactory(root).create(ctx, 'local_x', { Users: {} });
    const names = Array.from({ length: 200 }, (_, i) => `user-${String(i)}`);
    await Promise.all(names.map((name) => store.set(ctx, ['Users', name], user(name))));
    await store.delete(ctx, ['Users', 'user-0']);
    const onDisk = JSON.parse(await readFile(join(root, 'local_x.json'), 'utf8')) as {
      Users: Record<string, unknown>;
    };
    expect(Object.keys(onDisk.Users)).toEqual(names.slice(1));
    expect(await readdir(root)).toEqual(['local_x.json']);
  });

  it('keeps a store it only read as it was (no rewrite at every start)', async () => {
    const compact = JSON.stringify({ Users: { a: user('a') }, Options: { Id: 'local_x' } });
    await writeFile(join(root, 'local_x.json'), compact);
    const store = await new JsonFileDataStoreFactory(root).create(ctx, 'local_x', {});
    expect(await store.get(ctx, ['Users', 'a'])).toMatchObject({ UserCreateDate: created });
    expect(await readFile(join(root, 'local_x.json'), 'utf8')).toBe(compact);
  });

  it('treats prototype-named keys (usernames, ids) as ordinary names: none exist, each can be set', async () => {
    const factory = new JsonFileDataStoreFactory(root);
    const store = await factory.create(ctx, 'local_x', { Users: {} });
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(await store.get(ctx, ['Users', name]), name).toBeNull();
      await store.set(ctx, ['Users', name], user(name));
      expect(await store.get(ctx, ['Users', name]), name).toMatchObject({ Username: name });
      await store.delete(ctx, ['Users', name]);
      expect(await store.get(ctx, ['Users', name]), name).toBeNull();
    }
    await store.set(ctx, ['Users', '__proto__'], user('__proto__'));
    // Nothing leaked onto the prototypes, and the name survives a reload.
    expect(({} as Record<string, unknown>).Username).toBeUndefined();
    const again = await new JsonFileDataStoreFactory(root).create(ctx, 'local_x', {});
    expect(await again.get(ctx, ['Users', '__proto__'])).toMatchObject({ Username: '__proto__' });
    expect(await again.get(ctx, ['Users', 'constructor'])).toBeNull();
  });
});
