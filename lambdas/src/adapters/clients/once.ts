import { onContainerReset } from '../../container';

/**
 * One SDK client per service per container, built on first use. Each service has its own module
 * so that a Lambda bundle carries only the SDK clients its operation uses. Endpoints come from the
 * SDK's own AWS_ENDPOINT_URL_<SERVICE> variables: that is how the offline stack points them at its
 * local stand-ins without a branch in our code.
 */
export const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  onContainerReset(() => {
    value = undefined;
  });
  return () => (value ??= make());
};
