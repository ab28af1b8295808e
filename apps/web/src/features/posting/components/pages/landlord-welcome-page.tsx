import { Link, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { HomeIcon, LockIcon, ShieldIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { PropertyWizard } from '../wizard/property-wizard';
import { WelcomeCards, WelcomeHero } from './welcome-sections';
import styles from './pages.module.css';

/**
 * /landlord/welcome: the landlord's landing page with the 5-step wizard built in. A signed-out
 * landlord verifies the phone on step 5, which signs them in (or up) and publishes in one go.
 */
export function LandlordWelcomePage() {
  const { t } = useTexts(['landlord', 'common']);
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();

  const benefits = [
    { icon: <HomeIcon size={24} />, title: t('welcome.benefits.free.title'), text: t('welcome.benefits.free.text') },
    { icon: <ShieldIcon size={24} />, title: t('welcome.benefits.real.title'), text: t('welcome.benefits.real.text') },
    { icon: <LockIcon size={24} />, title: t('welcome.benefits.private.title'), text: t('welcome.benefits.private.text') },
  ];

  return (
    <div className={styles.bare}>
      <WelcomeHero
        title={t('welcome.title')}
        subtitle={t('welcome.subtitle')}
        points={[t('welcome.points.steps'), t('welcome.points.noPassword'), t('welcome.points.free')]}
      />

      <section className={styles.section} aria-labelledby="wizard-title">
        <h2 id="wizard-title" className={styles.sectionTitle}>
          {t('welcome.wizardTitle')}
        </h2>
        <p className={styles.sectionIntro}>{t('welcome.wizardIntro')}</p>
        <PropertyWizard variant="welcome" onPublished={() => navigate(paths.landlordSuccess)} />
      </section>

      <WelcomeCards id="benefits-title" title={t('welcome.benefitsTitle')} cards={benefits} />

      {!isAuthenticated ? (
        <p className={styles.footer}>
          {t('welcome.haveAccount')}{' '}
          <Link
            to={`${paths.login}?${new URLSearchParams({ from: paths.postProperty }).toString()}`}
            state={{ from: paths.postProperty }}
            className={styles.footerLink}
          >
            {t('welcome.login')}
          </Link>
        </p>
      ) : (
        <p className={styles.footer}>
          <Link to={paths.myListings} className={styles.footerLink}>
            {t('success.manage')}
          </Link>
        </p>
      )}
    </div>
  );
}
