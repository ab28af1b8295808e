import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { SessionProvider } from '@/lib/session';
import { AppProviders } from './providers';
import { AppRoutes, routes, serverRoutes } from './routes';
import { SessionSync } from './session-sync';
import { fillListingSlots } from './listing-slots';
import { fillFaydaSlot } from './fayda-slot';
import { UserTypeDetector } from '@/features/listings/components/user-type-detector';

fillListingSlots();
fillFaydaSlot();

/**
 * The app inside a router: BrowserRouter in the browser (main.tsx), StaticRouter on the server
 * (entry-server.tsx), the same tree on both sides. `drawnOnServer`: the server's route table,
 * which holds only the pages it draws (routes.tsx, serverRoutes).
 */
export function App({ client, onExpired, drawnOnServer = false }: { client?: QueryClient; onExpired?: (from: string) => void; drawnOnServer?: boolean }) {
  return (
    <AppProviders client={client}>
      <SessionProvider onExpired={onExpired ?? (() => undefined)}>
        <SessionSync />
        <UserTypeDetector />
        <AppRoutes table={drawnOnServer ? serverRoutes : routes} />
      </SessionProvider>
    </AppProviders>
  );
}

/** The browser's app: a lost session (401) goes to /login, which brings the user back afterwards. */
export function BrowserApp({ client }: { client?: QueryClient }): ReactNode {
  const navigate = useNavigate();
  const onExpired = useCallback((from: string) => void navigate(paths.login, { replace: true, state: { from } }), [navigate]);
  return <App client={client} onExpired={onExpired} />;
}
