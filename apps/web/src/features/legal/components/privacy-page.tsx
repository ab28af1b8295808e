import { AppLink } from '@/components/ui/app-link';
import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import { LegalPage, type LegalSection } from './legal-page';
import styles from './legal-page.module.css';

/** /privacy: what Betoch keeps of a person, why, for how long, who sees it, and their rights. */
export function PrivacyPage() {
  const { t } = useTexts('legal');
  return (
    <LegalPage
      doc="privacy"
      title={t('privacy.title')}
      intro={t('privacy.intro')}
      sections={t('privacy.sections', { returnObjects: true }) as LegalSection[]}
      after={
        <section className={styles.section} aria-labelledby="privacy-use-rights">
          <h2 id="privacy-use-rights" className={styles.heading}>
            {t('privacy.useRights.heading')}
          </h2>
          <p>
            <Trans t={t} i18nKey="privacy.useRights.text" components={{ account: <AppLink to={paths.account} /> }} />
          </p>
          <p>{t('privacy.useRights.byMail')}</p>
        </section>
      }
    />
  );
}
