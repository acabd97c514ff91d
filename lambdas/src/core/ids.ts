import { randomUUID } from 'node:crypto';

/** New record and write ids: random UUIDs, unless a test hands in its own `newId`. */
export const newIdOf = (deps: { newId?: () => string }): (() => string) => deps.newId ?? randomUUID;
