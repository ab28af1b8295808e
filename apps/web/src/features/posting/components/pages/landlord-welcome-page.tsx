import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { HomeIcon, LockIcon, ShieldIcon } from '@/components/ui/icons';
import { countedParam, paths, STEP_PARAM } from '@/config/paths';
import { useSession } from '@/lib/session';
import { WIZARD_STEP_COUNT, type WizardStep } from '../../lib/wizard-schema';
import { SIGN_IN_TO_POST } from '../../lib/welcome-links';
import { PropertyWizard } from '../wizard/property-wizard';
import { WelcomeCards, WelcomeHero } from './welcome-sections';
import styles from './pages.module.css';

/**
 * /landlord/welcome: the landlord's landing page with the 5-step wizard built in. A signed-out
 * landlord verifies the phone on step 5, which signs them in (or up) and publishes in one go.
 * `?step=n` opens the wizard on that step: how its steps are walked without JavaScript.
 */
export function LandlordWelcomePage() {
  const { t } = useTexts(['landlord', 'common']);
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const [search] = useSearchParams();
  const step = (countedParam(search, STEP_PARAM, WIZARD_STEP_COUNT) ?? 1) as WizardStep;

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
        {/* Posting needs the app's code: without it the steps show what is asked, and lead to sign-in. */}
        <noscript>
          <Alert tone="info">
            <p>{t('welcome.noScript.note')}</p>
          </Alert>
        </noscript>
        <PropertyWizard variant="welcome" initialStep={step} onPublished={() => navigate(paths.landlordSuccess)} />
      </section>

      <WelcomeCards id="benefits-title" title={t('welcome.benefitsTitle')} cards={benefits} />

      {!isAuthenticated ? (
        <p className={styles.footer}>
          {t('welcome.haveAccount')}{' '}
          <AppLink to={SIGN_IN_TO_POST.to} state={SIGN_IN_TO_POST.state} className={styles.footerLink}>
            {t('welcome.login')}
          </AppLink>
        </p>
      ) : (
        <p className={styles.footer}>
          <AppLink to={paths.myListings} className={styles.footerLink}>
            {t('success.manage')}
          </AppLink>
        </p>
      )}
    </div>
  );
}
