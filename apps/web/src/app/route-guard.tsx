import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import type { Role } from '@betoch/contracts/constants';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { hasRole, useSession } from '@/lib/session';

export interface GuardProps {
  children: ReactNode;
  /** A role the user must hold; without it the fallback is shown. */
  role?: Role;
  /** Shown when the user is signed in but not allowed. */
  fallback?: ReactNode;
}

/**
 * Protected routes: a loading indicator while the session loads, then the content, the fallback,
 * or (signed out) a redirect to /login that remembers where the user was going.
 */
export function Guard({ children, role, fallback }: GuardProps) {
  const { t } = useTexts('common');
  const session = useSession();
  const location = useLocation();
  if (session.token && !session.user) return <PageSpinner label={t('status.loading')} />;
  if (!session.isAuthenticated) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (role && !hasRole(session.user, role)) return <>{fallback ?? <Navigate to={paths.home} replace />}</>;
  return <>{children}</>;
}
