import { startConsole } from '@ccsc/mock-server';
import { createEnrolledUser, type EnrolledTestUser } from '../support/aws';
import { type ConsoleInfo, consoleInfo, testEnv } from '../support/console';

/** The middle value (the upper one of an even count), as the data measures report it. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * A data measure on a console of its own, started on `dataDir` as the tests start theirs, with a
 * PlatformAdmin signed in; the console is stopped after, whatever happens.
 */
export const withConsole = async <T>(
  dataDir: string,
  measure: (c: ConsoleInfo, admin: EnrolledTestUser) => Promise<T>,
): Promise<T> => {
  const env = testEnv(dataDir);
  const running = await startConsole(env, {});
  try {
    const c = consoleInfo(running, env);
    return await measure(c, await createEnrolledUser(c, 'PlatformAdmin'));
  } finally {
    await running.stop();
  }
};
