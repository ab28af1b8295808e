import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { SessionProvider } from '@/lib/session';
import { AppProviders } from './providers';
import type { RouteObject } from 'react-router';
import { AppRoutes, routes } from './routes';
import { SessionSync } from './session-sync';
import { fillListingSlots } from './listing-slots';
import { fillFaydaSlot } from './fayda-slot';
import { UserTypeDetector } from '@/features/listings/components/user-type-detector';
import { DRAWN_ON_SERVER } from '@/lib/drawn-on-server';

fillListingSlots();
fillFaydaSlot();

/**
 * The app inside a router: BrowserRouter in the browser (main.tsx), StaticRouter on the server
 * (entry-server.tsx), the same tree on both sides. `table`: the server's route table for the
 * page it draws (routes.tsx, serverRoutesFor); the browser's has every route.
 */
export function App({ client, onExpired, table = routes }: { client?: QueryClient; onExpired?: (from: string) => void; table?: RouteObject[] }) {
  return (
    <AppProviders client={client}>
      <SessionProvider onExpired={onExpired ?? (() => undefined)}>
        {/* A session's own reads, which draw nothing: not on the server (lib/drawn-on-server.ts). */}
        {DRAWN_ON_SERVER ? null : <SessionSync />}
        {DRAWN_ON_SERVER ? null : <UserTypeDetector />}
        <AppRoutes table={table} />
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
