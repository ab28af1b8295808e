import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { SessionProvider } from '@/lib/session';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionSync } from './session-sync';
import { UserTypeDetector } from '@/features/listings/components/user-type-detector';

export function App() {
  // A lost session (401): to /login, which brings the user back where they were afterwards.
  const onExpired = useCallback((from: string) => {
    void router.navigate(paths.login, { replace: true, state: { from } });
  }, []);
  return (
    <AppProviders>
      <SessionProvider onExpired={onExpired}>
        <SessionSync />
        <UserTypeDetector />
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>
  );
}
