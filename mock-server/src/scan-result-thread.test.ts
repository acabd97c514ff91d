import { describe, expect, it } from 'vitest';
import { startScanResultThread } from './scan-result-thread';

describe('the scan result thread', () => {
  it('hands events to the function on its own thread, not in process, and ends on stop', async () => {
    const logged: string[] = [];
    const thread = startScanResultThread({
      failpoints: [],
      inProcess: () => Promise.resolve({ outcome: 'in-process', documentId: null }),
      log: (message) => logged.push(message),
    });
    // Without the console's environment the function refuses to run: proof it ran in the thread
    // (the in-process stand-in would have answered), and its failure comes back as a rejection.
    await expect(thread.handle({ id: 'event-1' })).rejects.toThrow(/Lambda configuration/);
    await thread.stop();
    await expect(thread.handle({ id: 'event-2' })).rejects.toThrow(/stopping/);
    expect(logged).toEqual([]);
  }, 30_000);

  it('falls back to the console’s process when the thread cannot start, and says so once', async () => {
    const logged: string[] = [];
    const thread = startScanResultThread({
      failpoints: [],
      inProcess: () => Promise.resolve({ outcome: 'applied', documentId: 'doc-1' }),
      log: (message) => logged.push(message),
      entry: { url: new URL('./no-such-worker.mjs', import.meta.url) },
    });
    await expect(thread.handle({ id: 'event-1' })).resolves.toEqual({
      outcome: 'applied',
      documentId: 'doc-1',
    });
    await expect(thread.handle({ id: 'event-2' })).resolves.toEqual({
      outcome: 'applied',
      documentId: 'doc-1',
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/in the console's process/);
    await thread.stop();
  }, 30_000);
});
