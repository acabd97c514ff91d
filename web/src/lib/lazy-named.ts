import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a module's named export (the codebase uses named exports only), with `preload()`
 * to start the download ahead of the first render.
 */
export const lazyNamed = <Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) =>
  Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    {
      preload: () => {
        load().catch(() => undefined); // a failure shows when the component renders
      },
    },
  );
