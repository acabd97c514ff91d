import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readState, STATE_FILE, writeState } from './state';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sim-state-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('what the simulated partner systems keep in the data folder', () => {
  it('starts fresh without a file', async () => {
    expect(await readState(dir)).toEqual({ cursors: {}, sent: 0 });
  });

  it('reads back what it wrote: credentials, webhook, cursors, count', async () => {
    const state = {
      operator: { email: 'ops@example.org', password: 'pw', totpSecret: 'ABC' },
      site: { clientId: 'site', clientSecret: 's1' },
      sponsor: { clientId: 'sponsor', clientSecret: 's2' },
      webhook: { endpointId: 'whe_1', secret: 'whsec_x', url: 'http://127.0.0.1:1/h' },
      cursors: { inbox: 'aW5ib3g6MQ', sponsorEvents: '3' },
      sent: 7,
    };
    await writeState(dir, state);
    expect(await readState(dir)).toEqual(state);
  });

  it('starts fresh, and says so, from a damaged file', async () => {
    const lines: string[] = [];
    await writeFile(join(dir, STATE_FILE), '{"site": {"clientId": 1');
    expect(await readState(dir, (l) => lines.push(l))).toEqual({ cursors: {}, sent: 0 });
    expect(lines).toHaveLength(1);
  });
});
