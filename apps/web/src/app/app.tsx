import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { SessionProvider } from '@/lib/session';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionSync } from './session-sync';
import { UserTypeDetector } from '@/features/listings/components/user-type-detector';

/** The browser's app; the server draws the same tree with a static router (entry-server.tsx). */
export function App({ client }: { client?: QueryClient }) {
  // A lost session (401): to /login, which brings the user back where they were afterwards.
  const onExpired = useCallback((from: string) => {
    void router.navigate(paths.login, { replace: true, state: { from } });
  }, []);
  return (
    <AppProviders client={client}>
      <SessionProvider onExpired={onExpired}>
        <SessionSync />
        <UserTypeDetector />
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>
  );
}
