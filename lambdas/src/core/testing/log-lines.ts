import { vi } from 'vitest';

/**
 * The JSON lines Powertools writes while `run` runs (telemetry, core/logger.ts): it writes to
 * stdout (INFO, and the metrics' EMF lines) and stderr (WARN, ERROR) itself, not through the
 * global console, so the streams are what a test reads.
 */
export const logLinesOf = async (run: () => unknown): Promise<Record<string, unknown>[]> => {
  const chunks: string[] = [];
  const capture = (chunk: unknown) => {
    chunks.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return chunks
    .join('')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};
