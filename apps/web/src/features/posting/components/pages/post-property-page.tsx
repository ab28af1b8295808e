import { Navigate, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { ListingLimitBanner } from '../listing-limit-banner';
import { PropertyWizard } from '../wizard/property-wizard';
import styles from './pages.module.css';

/** /post-property: the landlord's 5-step wizard. Signed out: to /landlord. */
export function PostPropertyPage() {
  const { t } = useTexts(['landlord', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  if (session.token && !session.user) return <PageSpinner label={t('common:status.loading')} />;
  if (!session.isAuthenticated || !session.user) return <Navigate to={paths.landlord} replace />;
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('post.title')}</h1>
        <p className={styles.who}>{t('post.loggedInAs', { subject: formatPhoneLocal(session.user.sub) })}</p>
      </header>
      <ListingLimitBanner enabled />
      <PropertyWizard variant="landlord" onPublished={() => navigate(paths.landlordSuccess)} />
    </div>
  );
}
