/** Structured JSON lines, the shape CloudWatch Logs Insights queries best. */
export interface Logger {
  info(message: string, detail?: Record<string, unknown>): void;
  warn(message: string, detail?: Record<string, unknown>): void;
  error(message: string, detail?: Record<string, unknown>): void;
}

const write =
  (level: 'info' | 'warn' | 'error') =>
  (message: string, detail: Record<string, unknown> = {}): void => {
    const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...detail });
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.info(line);
  };

export const consoleLogger: Logger = {
  info: write('info'),
  warn: write('warn'),
  error: write('error'),
};

export const describeError = (err: unknown): Record<string, unknown> =>
  err instanceof Error
    ? { errorName: err.name, errorMessage: err.message, stack: err.stack }
    : { error: String(err) };
