import { onContainerReset } from '../../container';

/**
 * One SDK client per service per container, built on first use. Each service has its own module
 * so that a Lambda bundle carries only the SDK clients its operation uses, and each loads its SDK
 * package with `import()` the first time a call needs it, not when the Lambda starts (README, "SDK
 * on first use"). Endpoints come from the SDK's own AWS_ENDPOINT_URL_<SERVICE> variables: that is
 * how the offline stack points them at its local stand-ins without a branch in our code.
 *
 * The value is kept (as its promise, so calls that overlap share one load) until the container is
 * reset; a failure is not kept, so the next call tries again, as a client that failed to build was.
 */
export const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let value: Promise<T> | undefined;
  onContainerReset(() => {
    value = undefined;
  });
  return () => {
    if (value === undefined) {
      const made = make();
      value = made;
      made.catch(() => {
        if (value === made) value = undefined;
      });
    }
    return value;
  };
};
