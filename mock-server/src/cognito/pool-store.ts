import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore.js';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory.js';
import { DamagedFileError, readJsonFile, writeFileAtomic } from '../services/atomic-file.mjs';

/**
 * cognito-local's data store (config.json, and in db/ the clients and one file per user pool),
 * replacing its StormDB one. StormDB saves with a plain fs.writeFile, several at once, and reads
 * an empty file as an empty store: a kill between truncate and write lost the whole user pool,
 * and the next start provisioned a fresh bootstrap administrator into the empty one. This store
 * saves atomically (atomic-file.mjs), one save at a time, and refuses a file it cannot read.
 *
 * Everything else is StormDB's behaviour as cognito-local uses it, kept exactly (the tests run both
 * side by side): the whole store in memory, values kept by reference, `get` of a path through a
 * missing object throwing StormDB's error, `set` creating the objects on its path, the file
 * written with two-space indentation, and cognito-local's Date convention (below).
 */

type Json = Record<string, unknown>;

// cognito-local's convention (dataStore/stormDb.js): every key ending in "Date" holds a Date,
// kept in the file as an ISO string (a number is read too); anything else there is an error.
function serialiseDates(this: unknown, key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  // `value` went through Date.prototype.toJSON already; the holder still has the Date itself.
  const original = (this as Json)[key];
  if (!(original instanceof Date)) {
    throw new Error(
      `Serialize: Expected ${key} field to contain a Date, received a ${typeof original}`,
    );
  }
  return original.toISOString();
}

const reviveDates = (key: string, value: unknown): unknown => {
  if (!key.endsWith('Date')) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value === 'string') return new Date(Date.parse(value));
  throw new Error(
    `Deserialize: Expected ${key} to contain a String or Number, received a ${typeof value}`,
  );
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const path = (key: string | string[]) => (Array.isArray(key) ? key : [key]);

/**
 * A key's own value, never one inherited from Object.prototype: the keys are request-controlled
 * (usernames, client ids), and `constructor` or `__proto__` must be an ordinary name.
 */
const own = (holder: unknown, key: string): unknown =>
  typeof holder === 'object' && holder !== null && Object.hasOwn(holder, key)
    ? (holder as Json)[key]
    : undefined;

/** Sets a key as an own property (`holder[key] = value` would set the prototype for __proto__). */
export const setOwn = (holder: Json, key: string, value: unknown): void => {
  Object.defineProperty(holder, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
};

export class JsonFileDataStore implements DataStore {
  /** The save that will write the state as it is now; started once the one before is done. */
  private pending: Promise<void> | undefined;
  private settled: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly state: Json,
  ) {}

  getRoot<T>(ctx: Context): Promise<T | null> {
    ctx.logger.debug('DataStore.getRoot');
    return Promise.resolve(this.state as T);
  }

  get<T>(ctx: Context, key: string | string[]): Promise<T | null>;
  get<T>(ctx: Context, key: string | string[], defaultValue: T): Promise<T>;
  get<T>(ctx: Context, key: string | string[], defaultValue?: T): Promise<T | null> {
    ctx.logger.debug({ key }, 'DataStore.get');
    const keys = path(key);
    let data: unknown = this.state;
    for (const [i, k] of keys.entries()) {
      // StormDB's value(): a falsy object on the way is an error, a missing last key is not.
      if (i < keys.length - 1 && !own(data, k)) {
        return Promise.reject(
          new Error("Can't run .value() on non-existant property of non-existant object."),
        );
      }
      data = own(data, k);
    }
    return Promise.resolve((data as T | undefined) ?? defaultValue ?? null);
  }

  async set(ctx: Context, key: string | string[], value: unknown): Promise<void> {
    ctx.logger.debug({ key }, 'DataStore.set');
    const keys = path(key);
    let holder: Json = this.state;
    for (const [i, k] of keys.entries()) {
      if (i === keys.length - 1) {
        setOwn(holder, k, value);
      } else {
        // StormDB creates what is undefined on the way, and fails on null as JS does.
        if (typeof own(holder, k) === 'undefined') setOwn(holder, k, {});
        holder = own(holder, k) as Json;
      }
    }
    await this.save();
  }

  async delete(ctx: Context, key: string | string[]): Promise<void> {
    ctx.logger.debug({ key }, 'DataStore.delete');
    const keys = path(key);
    let holder = this.state as Json | undefined;
    for (const k of keys.slice(0, -1)) holder = own(holder, k) as Json | undefined;
    // As StormDB: a missing object on the way is a TypeError, a missing last key is fine.
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
    delete (holder as Json)[String(keys.at(-1))];
    await this.save();
  }

  /**
   * Writes the whole store as it is when the write starts, after the write before it: calls that
   * arrive while one is under way share the next write, so the last state always wins and a burst
   * of changes costs two writes, not one each.
   */
  save(): Promise<void> {
    if (this.pending) return this.pending;
    const write = this.settled.then(() => {
      this.pending = undefined;
      return writeFileAtomic(this.file, JSON.stringify(this.state, serialiseDates, 2));
    });
    this.pending = write;
    this.settled = write.catch(() => undefined);
    return write;
  }
}

const describeStore = (id: string) => {
  if (id === 'config') return "cognito-local's configuration";
  if (id === 'clients') return "the offline Cognito's app clients";
  return `the offline Cognito's user pool ${id}`;
};

/** Stores `<directory>/<id>.json`, as cognito-local's StormDBDataStoreFactory names them. */
export class JsonFileDataStoreFactory implements DataStoreFactory {
  constructor(private readonly directory: string) {}

  async create(ctx: Context, id: string, defaults: object): Promise<DataStore> {
    ctx.logger.debug({ id }, 'createDataStore');
    await mkdir(this.directory, { recursive: true });
    const file = join(this.directory, `${id}.json`);
    const what = describeStore(id);
    const loaded = await readJsonFile(file, what, reviveDates);
    if (loaded !== undefined && !isObject(loaded)) {
      throw new DamagedFileError(file, what, 'is not a JSON object');
    }
    // A missing file, or `{}` (what StormDB wrote before its first save), starts from the
    // defaults and is saved at once; a store read back is left as it is on disk.
    if (loaded !== undefined && Object.keys(loaded).length > 0) {
      return new JsonFileDataStore(file, loaded);
    }
    const store = new JsonFileDataStore(file, defaults as Json);
    await store.save();
    return store;
  }
}
