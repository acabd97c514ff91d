import { lazy, type ComponentType } from 'react';
import { loadAllTexts } from './i18n';

/**
 * React.lazy for a module's named export (the codebase uses named exports only), with `preload()`
 * to start the download ahead of the first render. The component renders once all English texts
 * are there too (lib/i18n.ts), unless `texts: 'login'` says it needs only the login screen's,
 * which the entry chunk carries (the login screen itself, the configuration error page).
 */
export const lazyNamed = <Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
  { texts = 'all' }: { texts?: 'all' | 'login' } = {},
) => {
  const loadWithTexts = async () => {
    const [module] = await Promise.all([load(), texts === 'all' ? loadAllTexts() : undefined]);
    return module;
  };
  return Object.assign(
    lazy(async () => ({ default: (await loadWithTexts())[name] })),
    {
      preload: () => {
        loadWithTexts().catch(() => undefined); // a failure shows when the component renders
      },
    },
  );
};
