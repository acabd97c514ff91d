import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startSimulatedPartners } from './simulator';

// Nothing listens on the discard port: every call the systems make fails at once.
const NOWHERE = 'http://127.0.0.1:9';

describe('the simulated partner systems', () => {
  it('log a failed call and try again at the next tick, never throwing; they stop cleanly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sim-'));
    const lines: string[] = [];
    try {
      const partners = await startSimulatedPartners({
        endpoints: {
          consoleUrl: NOWHERE,
          region: 'us-west-2',
          cognitoEndpoint: NOWHERE,
          userPoolId: 'us-west-2_nowhere',
          userPoolClientId: 'nowhere',
          mailUi: NOWHERE,
        },
        issuer: `${NOWHERE}/us-west-2_nowhere`,
        dataDir,
        operatorEmail: 'ops@example.org',
        sendEveryMs: 50,
        pollEveryMs: 50,
        receiverPort: 0,
        log: (line) => lines.push(line),
      });
      expect(partners.receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/etmf$/u);
      const until = Date.now() + 20_000;
      while (partners.activity().failures < 2 && Date.now() < until) await delay(50);
      await partners.stop();
      expect(partners.activity().failures).toBeGreaterThanOrEqual(2);
      expect(lines.filter((l) => l.endsWith('(trying again later)')).length).toBeGreaterThan(1);
      expect(partners.activity().sent).toEqual([]);
      // Stopped: its receiver no longer listens.
      await expect(fetch(partners.receiverUrl, { method: 'POST' })).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
