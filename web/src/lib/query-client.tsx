import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/**
 * The signed-in console's server state (TanStack Query). Defaults keep what the screens did
 * before: a failed load is shown at once with its Retry button (the reader decides to try again;
 * no automatic repeat hides a refusal or delays the failure), nothing is loaded again behind the
 * reader's back (window focus, reconnect), and a write is never repeated.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });

/**
 * One query client for the signed-in screens. Imported only by the private layout (its lazy
 * chunk), so that TanStack Query stays out of the login route's first load (README, "Size
 * budget"); a new sign-in starts with an empty cache.
 */
export const QueryProvider = ({ children }: { children: ReactNode }) => {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};
