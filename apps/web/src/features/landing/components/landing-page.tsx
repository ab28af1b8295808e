import { Navigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { HandshakeIcon, HomeIcon, KeyIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import styles from './landing-page.module.css';

/** The landing page: signed-in users go straight to /browse. */
export function LandingPage() {
  const { t } = useTexts(['landing', 'common']);
  const session = useSession();
  if (session.isAuthenticated) return <Navigate to={paths.browse} replace />;

  const audiences = [
    { to: paths.tenantWelcome, icon: <KeyIcon size={28} />, title: t('audiences.tenant.title'), text: t('audiences.tenant.text') },
    { to: paths.landlordWelcome, icon: <HomeIcon size={28} />, title: t('audiences.landlord.title'), text: t('audiences.landlord.text') },
    { to: paths.delalaWelcome, icon: <HandshakeIcon size={28} />, title: t('audiences.delala.title'), text: t('audiences.delala.text') },
  ];

  return (
    <div className={styles.landing}>
      <section className={styles.hero}>
        <p className={styles.brand}>
          <HomeIcon size={22} /> {t('common:brand.name')}
        </p>
        <h1 className={styles.title}>{t('hero.title')}</h1>
        <p className={styles.subtitle}>{t('hero.subtitle')}</p>
        <div className={styles.ctas}>
          <ButtonLink to={paths.browse} variant="gold">
            {t('hero.browse')}
          </ButtonLink>
          <ButtonLink to={paths.login} variant="secondary" className={styles.loginCta}>
            {t('hero.login')}
          </ButtonLink>
        </div>
        <ul className={styles.trust}>
          <li>{t('trust.verified')}</li>
          <li>{t('trust.noFakes')}</li>
          <li>{t('trust.payLittle')}</li>
        </ul>
      </section>
      <section className={styles.audiences} aria-labelledby="audiences-title">
        <h2 id="audiences-title" className={styles.sectionTitle}>
          {t('audiences.title')}
        </h2>
        <ul className={styles.cards}>
          {audiences.map((a) => (
            <li key={a.to}>
              <AppLink to={a.to} className={styles.card}>
                <span className={styles.icon} aria-hidden="true">
                  {a.icon}
                </span>
                <span className={styles.cardTitle}>{a.title}</span>
                <span className={styles.cardText}>{a.text}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>
      <p className={styles.footer}>
        {t('footer.haveAccount')} <AppLink to={paths.login}>{t('hero.login')}</AppLink>
      </p>
    </div>
  );
}
