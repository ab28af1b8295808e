import { useCallback } from 'react';
import { RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { SessionProvider } from '@/lib/session';
import { AppProviders } from './providers';
import { router } from './router';
import { SessionSync } from './session-sync';

export function App() {
  const onExpired = useCallback(() => {
    void router.navigate(paths.login, { replace: true });
  }, []);
  return (
    <AppProviders>
      <SessionProvider onExpired={onExpired}>
        <SessionSync />
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>
  );
}
