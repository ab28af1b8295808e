import { Navigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { effectiveUserType } from '../lib/listing-display';

/** /landlord: a signed-in landlord goes to /my-listings, anyone else to /landlord/welcome. */
export function LandlordRedirect() {
  const { t } = useTexts('common');
  const session = useSession();
  if (session.token && !session.user) return <PageSpinner label={t('status.loading')} />;
  const landlord = session.isAuthenticated && effectiveUserType(session.userType, session.user) === 'landlord';
  return <Navigate to={landlord ? paths.myListings : paths.landlordWelcome} replace />;
}
