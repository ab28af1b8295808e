import { lazy } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { LandlordRedirect } from '@/features/listings/components/landlord-redirect';
import { TenantSearchRedirect } from '@/features/listings/components/tenant-search-redirect';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import { RouteErrorBoundary } from './route-error-boundary';
import { Guard } from './route-guard';
import { PAGE_TABLE } from './page-table';
import { saveSearchAction } from './save-search-slot';

/*
 * The route table, for the browser (./app.tsx) and the server
 * (../entry-server.tsx) alike. Every page is loaded on demand, so the first load carries only the
 * shell and the page it shows. Any other path redirects to /.
 *
 * Declared routes (useRoutes), not React Router's data router: the app loads no data through the
 * router (TanStack Query does), and the data router's code weighed on every first load (docs/performance.md, 'Figures behind choices in the code').
 *
 * To add a page: a `lazyPage` below and one line `page(path, Page)` in the table; a protected page
 * passes `guarded` (or a `<Guard>` of its own, as /admin does).
 */

const LandingPage = lazyPage('features/landing/components/landing-page.tsx', 'LandingPage');
const LoginPage = lazyPage('features/auth/components/login-page.tsx', 'LoginPage');
const SignupPage = lazyPage('features/auth/components/signup-page.tsx', 'SignupPage');
const BrowsePage = lazyPage('features/listings/components/browse-page.tsx', 'BrowsePage');
const ListingDetailPage = lazyPage('features/listings/components/listing-detail-page.tsx', 'ListingDetailPage');
const ConfirmPage = lazyPage('features/freshness/components/confirm-page.tsx', 'ConfirmPage');
const TenantWelcomePage = lazyPage('features/listings/components/tenant-welcome-page.tsx', 'TenantWelcomePage');
const MyListingsPage = lazyPage('features/listings/components/my-listings-page.tsx', 'MyListingsPage');
const LandlordWelcomePage = lazyPage('features/posting/components/pages/landlord-welcome-page.tsx', 'LandlordWelcomePage');
const LandlordSuccessPage = lazyPage('features/posting/components/pages/landlord-success-page.tsx', 'LandlordSuccessPage');
const DelalaWelcomePage = lazyPage('features/posting/components/pages/delala-welcome-page.tsx', 'DelalaWelcomePage');
const PostPropertyPage = lazyPage('features/posting/components/pages/post-property-page.tsx', 'PostPropertyPage');
const PostOwnerPage = lazyPage('features/posting/components/owner/post-owner-page.tsx', 'PostOwnerPage');
const PostDelalaPage = lazyPage('features/posting/components/pages/post-delala-page.tsx', 'PostDelalaPage');
const InboxPage = lazyPage('features/chat/components/inbox-page.tsx', 'InboxPage');
const ThreadPage = lazyPage('features/chat/components/thread-page.tsx', 'ThreadPage');
const WalletPage = lazyPage('features/wallet/components/wallet-page.tsx', 'WalletPage');
const WalletReturnPage = lazyPage('features/wallet/components/wallet-return-page.tsx', 'WalletReturnPage');
const MyUnlocksPage = lazyPage('features/unlocks/components/my-unlocks-page.tsx', 'MyUnlocksPage');
const SavedPage = lazyPage('app/pages/saved-page.tsx', 'SavedPage');
const NotificationsPage = lazyPage('features/notifications/components/notifications-page.tsx', 'NotificationsPage');
const PrivacyPage = lazyPage('features/legal/components/privacy-page.tsx', 'PrivacyPage');
const TermsPage = lazyPage('features/legal/components/terms-page.tsx', 'TermsPage');
const AccountPage = lazyPage('features/account/components/account-page.tsx', 'AccountPage');
const FaydaReturnPage = lazyPage('features/fayda/components/fayda-return-page.tsx', 'FaydaReturnPage');
const AdminPage = lazyPage('features/admin/components/admin-page.tsx', 'AdminPage');
const AccessDenied = lazy(async () => ({ default: (await import('@/features/admin/components/access-denied')).AccessDenied }));

interface PageHandle {
  preload: LazyPage['preload'];
  module: string;
}

function handleOf(Page: LazyPage): PageHandle {
  return { preload: Page.preload, module: Page.module };
}

function page(path: string, Page: LazyPage, { guarded = false } = {}): RouteObject {
  return {
    path,
    element: guarded ? (
      <Guard>
        <Page />
      </Guard>
    ) : (
      <Page />
    ),
    handle: handleOf(Page),
  };
}

/** The paths of the pages the server draws: the page table's (./page-table.ts). */
const DRAWN_PATHS = new Set(PAGE_TABLE.map((entry) => entry.path));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      page(paths.home, LandingPage),
      page(paths.login, LoginPage),
      page(paths.signup, SignupPage),
      { path: paths.browse, element: <BrowsePage searchAction={saveSearchAction} />, handle: handleOf(BrowsePage) },
      { path: paths.tenantSearch, element: <TenantSearchRedirect /> },
      page('/l/:id', ListingDetailPage),
      page('/confirm/:token', ConfirmPage),
      page(paths.tenantWelcome, TenantWelcomePage),
      { path: paths.landlord, element: <LandlordRedirect /> },
      page(paths.myListings, MyListingsPage, { guarded: true }),
      page(paths.account, AccountPage, { guarded: true }),
      page(paths.faydaReturn, FaydaReturnPage, { guarded: true }),
      page(paths.landlordWelcome, LandlordWelcomePage),
      page(paths.landlordSuccess, LandlordSuccessPage),
      page(paths.delalaWelcome, DelalaWelcomePage),
      page(paths.postProperty, PostPropertyPage),
      page(paths.postOwner, PostOwnerPage, { guarded: true }),
      page(paths.postDelala, PostDelalaPage, { guarded: true }),
      page(paths.chat, InboxPage, { guarded: true }),
      page(paths.messages, InboxPage, { guarded: true }),
      page('/chat/:id', ThreadPage, { guarded: true }),
      page(paths.wallet, WalletPage, { guarded: true }),
      page(paths.walletReturn, WalletReturnPage, { guarded: true }),
      page(paths.myUnlocks, MyUnlocksPage, { guarded: true }),
      {
        path: paths.admin,
        element: (
          <Guard role="admin" fallback={<AccessDenied />}>
            <AdminPage />
          </Guard>
        ),
        handle: handleOf(AdminPage),
      },
      page(paths.saved, SavedPage, { guarded: true }),
      page(paths.notifications, NotificationsPage, { guarded: true }),
      page(paths.privacy, PrivacyPage),
      page(paths.terms, TermsPage),
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];

/**
 * The route table the server draws a page of the page table with: the same layout route and that
 * page's own route, alone. React Router flattens and ranks the whole table at every draw (useRoutes
 * calls matchRoutes, which compiles each route's pattern again): with the browser's 30 routes that
 * was a tenth of the server's time to draw a page, with the ten drawn pages' routes still 5 % of
 * the renderer's CPU for a listing page, and the copies it makes of each route lasted until the
 * next major garbage collection (docs/performance.md). The page matches the very same route
 * objects as in the browser's table (routes.test.tsx), so the HTML it hydrates is the same.
 */
const serverTables = new Map<string, RouteObject[]>();

export function serverRoutesFor(pagePath: string): RouteObject[] {
  let table = serverTables.get(pagePath);
  if (!table) {
    if (!DRAWN_PATHS.has(pagePath)) throw new Error(`${pagePath} is not a page of the page table`);
    table = routes.map((route) => (route.index ? route : { ...route, index: false, children: route.children?.filter((child) => child.path === pagePath) }));
    serverTables.set(pagePath, table);
  }
  return table;
}

/** A listing id, or any other id in a path: the routes match every id alike. */
const ID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const handlesByShape = new Map<string, PageHandle[]>();
const SHAPES_KEPT = 500;

/**
 * The page handles of a path's routes. matchRoutes sorts the whole route table at every call (a
 * tenth of the server's time to draw a page): the answer is kept per shape of path, ids set aside.
 */
function pageHandles(pathname: string): PageHandle[] {
  const shape = pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  let handles = handlesByShape.get(shape);
  if (!handles) {
    handles = (matchRoutes(routes, pathname) ?? []).flatMap((match) => (match.route.handle ? [match.route.handle as PageHandle] : []));
    if (handlesByShape.size >= SHAPES_KEPT) handlesByShape.clear();
    handlesByShape.set(shape, handles);
  }
  return handles;
}

/** The page module drawn at this path (as the build manifest names it), if the path shows one. */
export function pageModuleAt(pathname: string): string | undefined {
  return pageHandles(pathname)[0]?.module;
}

/** Fetches the code of the page at this path (the page the app opens on); settles either way. */
export function preloadPage(pathname: string): Promise<unknown> {
  return Promise.all(pageHandles(pathname).map((handle) => handle.preload().catch(() => undefined)));
}

/**
 * The app's pages at the router's location; a page that cannot load or draw shows the error page.
 * `table`: `routes`, or the server's own for the page it draws (serverRoutesFor).
 */
export function AppRoutes({ table }: { table: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(table);
  return <RouteErrorBoundary locationKey={`${location.pathname}${location.search}`}>{element}</RouteErrorBoundary>;
}
