import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates the login screen that index.html was built with (app/login-prerender),
 * true ever after, and at once wherever the app renders without it. Controls that would lose what
 * is done to them before React takes over (typed text, a click) stay disabled until then.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
