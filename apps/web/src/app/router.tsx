import { createBrowserRouter, Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from './layout/app-layout';

/**
 * The route table of spec section 2. Every page is loaded on demand, so the first load carries
 * only the shell and the page it shows. Any other path redirects to /.
 */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: paths.home, lazy: async () => ({ Component: (await import('@/features/landing/components/landing-page')).LandingPage }) },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]);
