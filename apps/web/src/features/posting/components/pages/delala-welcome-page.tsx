import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { SKU_CATALOG, type Sku } from '@betoch/contracts/constants';
import { usePlanNames } from '@/lib/plan-names';
import { ButtonLink } from '@/components/ui/button';
import { ChartIcon, ShieldIcon, StarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { hasRole, useSession } from '@/lib/session';
import { formatEtb } from '@/lib/format-money';
import { WelcomeCards, WelcomeHero } from './welcome-sections';
import styles from './pages.module.css';

/** The broker skus, and the texts (`delala:plans`) that describe each beyond its name and price. */
const PLAN_SKUS = ['post_credit_1', 'post_subscription_delala_unlimited'] as const satisfies readonly Sku[];
const PLAN_KEYS: Record<(typeof PLAN_SKUS)[number], 'single' | 'unlimited'> = {
  post_credit_1: 'single',
  post_subscription_delala_unlimited: 'unlimited',
};

/**
 * /delala/welcome: the brokers' page with the two plans of the catalogue. A plan click goes to
 * signup (role delala, the plan in the query and in the navigation state) unless the visitor is a
 * signed-in broker, who goes to /wallet with the plan highlighted. Each plan's choice is a link,
 * so it works before the app has started and without JavaScript.
 */
export function DelalaWelcomePage() {
  const { t, i18n } = useTexts(['delala', 'common']);
  const plans = usePlanNames();
  const session = useSession();
  const isBroker = session.isAuthenticated && (hasRole(session.user, 'delala') || session.userType === 'delala');

  const choice = (sku: (typeof PLAN_SKUS)[number]) =>
    isBroker
      ? { to: paths.wallet, state: { highlightSku: sku } }
      : {
          to: `${paths.signup}?role=delala&plan=${encodeURIComponent(sku)}`,
          state: { role: 'delala', selectedPlan: sku, planName: plans.name(sku), from: paths.delalaWelcome },
        };

  const features = [
    { icon: <ShieldIcon size={24} />, key: 'badge' },
    { icon: <ChartIcon size={24} />, key: 'analytics' },
    { icon: <StarIcon size={24} />, key: 'placement' },
  ] as const;

  return (
    <div className={styles.bare}>
      <WelcomeHero title={t('welcome.title')} subtitle={t('welcome.subtitle')} points={[t('welcome.points.agency'), t('welcome.points.pay')]} />

      <WelcomeCards
        id="features-title"
        title={t('welcome.featuresTitle')}
        cards={features.map((f) => ({ icon: f.icon, title: t(`features.${f.key}.title`), text: t(`features.${f.key}.text`) }))}
      />

      <section className={styles.sectionWide} aria-labelledby="plans-title">
        <h2 id="plans-title" className={styles.sectionTitle}>
          {t('welcome.plansTitle')}
        </h2>
        <p className={styles.sectionIntro}>{t('welcome.plansIntro')}</p>
        <ul className={styles.plans}>
          {PLAN_SKUS.map((sku) => {
            const info = SKU_CATALOG[sku];
            const key = PLAN_KEYS[sku];
            const best = info.bestValue;
            const name = plans.name(sku);
            const values = info.grant.kind === 'plan' ? { days: info.grant.days } : { count: info.grant.amount };
            return (
              <li key={sku}>
                <article className={`${styles.plan} ${best ? styles.planBest : ''}`} aria-label={name}>
                  {best ? <span className={styles.bestBadge}>{plans.bestValue}</span> : null}
                  <h3 className={styles.planName}>{name}</h3>
                  <p className={styles.planPrice}>
                    <span dir="ltr">{formatEtb(info.priceEtb, i18n.language)}</span> <span className={styles.planPer}>{t(`plans.${key}.per`, values)}</span>
                  </p>
                  <ul className={styles.planFeatures}>
                    {(t(`plans.${key}.features`, { ...values, returnObjects: true }) as string[]).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                  <ButtonLink variant={best ? 'gold' : 'primary'} block {...choice(sku)} aria-label={t('plans.chooseLabel', { plan: name })}>
                    {t('plans.choose')}
                  </ButtonLink>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      {!session.isAuthenticated ? (
        <p className={styles.footer}>
          {t('welcome.haveAccount')}{' '}
          <AppLink to={paths.login} className={styles.footerLink}>
            {t('welcome.login')}
          </AppLink>
        </p>
      ) : null}
    </div>
  );
}
