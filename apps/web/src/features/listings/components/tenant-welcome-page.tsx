import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { HomeIcon, MessageIcon, ShieldIcon, UnlockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useFeaturedListings } from '../api/get-featured-listings';
import { usePageTitle } from '@/lib/use-page-title';
import { ListingCard } from './listing-card';
import { ListingGrid, ListingGridError, ListingGridItem, ListingGridSkeleton } from './listing-grid';
import styles from './tenant-welcome-page.module.css';

const BENEFITS = [
  { key: 'realOwners', icon: <ShieldIcon size={26} /> },
  { key: 'firstMessageFree', icon: <MessageIcon size={26} /> },
  { key: 'payToUnlock', icon: <UnlockIcon size={26} /> },
] as const;

function Featured() {
  const { t } = useTexts(['tenant', 'listings', 'common']);
  const featured = useFeaturedListings();
  if (featured.isPending) {
    return (
      <>
        <p className="visually-hidden" role="status">
          {t('common:status.loading')}
        </p>
        <ListingGridSkeleton count={3} />
      </>
    );
  }
  if (featured.isError) {
    return <ListingGridError query={featured} />;
  }
  if (!featured.data.length) {
    return (
      <EmptyState icon={<HomeIcon size={40} style={{ margin: '0 auto' }} />} title={t('featured.emptyTitle')}>
        <p>{t('featured.emptyText')}</p>
      </EmptyState>
    );
  }
  return (
    <ListingGrid label={t('featured.title')}>
      {featured.data.map((listing) => (
        <ListingGridItem key={listing._id}>
          <ListingCard listing={listing} />
        </ListingGridItem>
      ))}
    </ListingGrid>
  );
}

/** /tenant/welcome: what renters get, three random live homes, and the way in. No top bar. */
export function TenantWelcomePage() {
  const { t } = useTexts(['tenant', 'common']);
  usePageTitle(t('hero.title'));
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <AppLink to={paths.home} className={styles.brand}>
            <HomeIcon size={22} /> {t('common:brand.name')}
          </AppLink>
          <h1 className={styles.title}>{t('hero.title')}</h1>
          <p className={styles.subtitle}>{t('hero.subtitle')}</p>
          <ButtonLink to={paths.browse} variant="gold" className={styles.cta}>
            {t('hero.cta')}
          </ButtonLink>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="featured-title">
        <div className={styles.sectionHead}>
          <h2 id="featured-title" className={styles.sectionTitle}>
            {t('featured.title')}
          </h2>
          <AppLink to={paths.browse} className={styles.seeAll}>
            {t('featured.seeAll')}
          </AppLink>
        </div>
        <Featured />
      </section>

      <section className={styles.section} aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          {t('benefits.title')}
        </h2>
        <ul className={styles.benefits}>
          {BENEFITS.map((b) => (
            <li key={b.key} className={styles.benefit}>
              <span className={styles.benefitIcon} aria-hidden="true">
                {b.icon}
              </span>
              <h3 className={styles.benefitTitle}>{t(`benefits.${b.key}.title`)}</h3>
              <p className={styles.benefitText}>{t(`benefits.${b.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <p className={styles.footer}>
        {t('login.question')}{' '}
        <AppLink to={paths.login} className={styles.loginLink}>
          {t('login.link')}
        </AppLink>
      </p>
    </div>
  );
}
