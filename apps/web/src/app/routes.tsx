import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { LandlordRedirect } from '@/features/listings/components/landlord-redirect';
import { TenantSearchRedirect } from '@/features/listings/components/tenant-search-redirect';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';
import { ShellLoading } from './layout/shell-loading';
import { Guard } from './route-guard';

/**
 * The route table of spec section 2, for the browser (./router.tsx) and the server
 * (../entry-server.tsx) alike. Every page is loaded on demand, so the first load carries
 * only the shell and the page it shows. Any other path redirects to /.
 *
 * To add a page: one line `{ path, lazy }` below. A protected page wraps its component in
 * `<Guard>` (./route-guard), e.g. `Component: () => <Guard><WalletPage /></Guard>`.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the first page's code loads, and when a page cannot load or render.
    HydrateFallback: ShellLoading,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, lazy: async () => ({ Component: (await import('@/features/landing/components/landing-page')).LandingPage }) },
      { path: paths.login, lazy: async () => ({ Component: (await import('@/features/auth/components/login-page')).LoginPage }) },
      { path: paths.signup, lazy: async () => ({ Component: (await import('@/features/auth/components/signup-page')).SignupPage }) },
      { path: paths.browse, lazy: async () => ({ Component: (await import('@/features/listings/components/browse-page')).BrowsePage }) },
      { path: paths.tenantSearch, element: <TenantSearchRedirect /> },
      { path: '/l/:id', lazy: async () => ({ Component: (await import('@/features/listings/components/listing-detail-page')).ListingDetailPage }) },
      { path: paths.tenantWelcome, lazy: async () => ({ Component: (await import('@/features/listings/components/tenant-welcome-page')).TenantWelcomePage }) },
      { path: paths.landlord, element: <LandlordRedirect /> },
      {
        path: paths.myListings,
        lazy: async () => {
          const { MyListingsPage } = await import('@/features/listings/components/my-listings-page');
          return { Component: () => <Guard><MyListingsPage /></Guard> };
        },
      },
      { path: paths.landlordWelcome, lazy: async () => ({ Component: (await import('@/features/posting/components/pages/landlord-welcome-page')).LandlordWelcomePage }) },
      { path: paths.landlordSuccess, lazy: async () => ({ Component: (await import('@/features/posting/components/pages/landlord-success-page')).LandlordSuccessPage }) },
      { path: paths.delalaWelcome, lazy: async () => ({ Component: (await import('@/features/posting/components/pages/delala-welcome-page')).DelalaWelcomePage }) },
      { path: paths.postProperty, lazy: async () => ({ Component: (await import('@/features/posting/components/pages/post-property-page')).PostPropertyPage }) },
      {
        path: paths.postOwner,
        lazy: async () => {
          const { PostOwnerPage } = await import('@/features/posting/components/owner/post-owner-page');
          return { Component: () => <Guard><PostOwnerPage /></Guard> };
        },
      },
      {
        path: paths.postDelala,
        lazy: async () => {
          const { PostDelalaPage } = await import('@/features/posting/components/pages/post-delala-page');
          return { Component: () => <Guard><PostDelalaPage /></Guard> };
        },
      },
      ...[paths.chat, paths.messages].map((path) => ({
        path,
        lazy: async () => {
          const { InboxPage } = await import('@/features/chat/components/inbox-page');
          return { Component: () => <Guard><InboxPage /></Guard> };
        },
      })),
      {
        path: '/chat/:id',
        lazy: async () => {
          const { ThreadPage } = await import('@/features/chat/components/thread-page');
          return { Component: () => <Guard><ThreadPage /></Guard> };
        },
      },
      {
        path: paths.wallet,
        lazy: async () => {
          const { WalletPage } = await import('@/features/wallet/components/wallet-page');
          return { Component: () => <Guard><WalletPage /></Guard> };
        },
      },
      {
        path: paths.walletReturn,
        lazy: async () => {
          const { WalletReturnPage } = await import('@/features/wallet/components/wallet-return-page');
          return { Component: () => <Guard><WalletReturnPage /></Guard> };
        },
      },
      {
        path: paths.myUnlocks,
        lazy: async () => {
          const { MyUnlocksPage } = await import('@/features/unlocks/components/my-unlocks-page');
          return { Component: () => <Guard><MyUnlocksPage /></Guard> };
        },
      },
      {
        path: paths.admin,
        lazy: async () => {
          const [{ AdminPage }, { AccessDenied }] = await Promise.all([
            import('@/features/admin/components/admin-page'),
            import('@/features/admin/components/access-denied'),
          ]);
          return { Component: () => <Guard role="admin" fallback={<AccessDenied />}><AdminPage /></Guard> };
        },
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
