import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';

/** The app's query client; on the server (entry-server.tsx) a failed call is not asked again. */
export function makeQueryClient({ server = false }: { server?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // Client errors will not get better by asking again; network hiccups might.
        retry: server ? false : (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/** `client`: one already holding data (the page the server drew, main.tsx); else a new one. */
export function AppProviders({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [client] = useState(() => given ?? makeQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
