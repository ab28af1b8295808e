import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';

/** /tenant/search: to /browse, keeping any filters in the query. */
export function TenantSearchRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${paths.browse}${search}`} replace />;
}
