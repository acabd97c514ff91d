/**
 * What a Lambda container keeps between invocations (SDK clients, the parsed configuration, a
 * handler's dependencies, a reader's copy of the user index) is built on first use and kept. The
 * offline console runs the handlers in its own process, and may be started again in the same
 * process on other ports and data (the tests do): `resetContainer()` forgets all of it, as a new
 * container would not have it. Each such cache registers how to forget itself.
 */
const resets: (() => void)[] = [];

export const onContainerReset = (reset: () => void): void => {
  resets.push(reset);
};

export const resetContainer = (): void => {
  for (const reset of resets) reset();
};
