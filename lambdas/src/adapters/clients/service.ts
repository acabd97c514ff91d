/**
 * A service's client together with the SDK module it comes from: the commands to send with it.
 * Adapters take the SDK from here rather than importing it, so that no SDK package is loaded when
 * a Lambda starts (docs/runtime.md, "SDK on first use"); their `import type`s are erased by the build.
 */
export interface Service<Client, Sdk> {
  readonly client: Client;
  readonly sdk: Sdk;
}

/** Gives the service, loading its SDK package on the first call (./once.ts keeps it). */
export type ServiceAccess<Client, Sdk> = () => Promise<Service<Client, Sdk>>;

/**
 * What an adapter is built with: the container's accessor (the wiring's), or a client built by
 * the caller (the integration tests, the offline tools), whose SDK module is then loaded on use.
 */
export type ServiceSource<Client extends object, Sdk> = ServiceAccess<Client, Sdk> | Client;

/** The accessor an adapter calls at the start of each call that talks to the service. */
export const accessOf = <Client extends object, Sdk>(
  source: ServiceSource<Client, Sdk>,
  load: () => Promise<Sdk>,
): ServiceAccess<Client, Sdk> => {
  // An SDK client is an object (a class instance), never a function.
  if (typeof source === 'function') return source;
  return async () => ({ client: source, sdk: await load() });
};
