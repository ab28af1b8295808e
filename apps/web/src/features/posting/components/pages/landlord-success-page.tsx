import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import styles from './pages.module.css';

/** /landlord/success: after a landlord publishes. */
export function LandlordSuccessPage() {
  const { t } = useTexts('landlord');
  return (
    <div className={styles.bare}>
      <div className={styles.success}>
        <span className={styles.successIcon} aria-hidden="true">
          <CheckIcon size={40} />
        </span>
        <h1>{t('success.title')}</h1>
        <p>{t('success.text')}</p>
        <div className={styles.links}>
          <ButtonLink to={paths.browse} variant="gold" block>
            {t('success.view')}
          </ButtonLink>
          <ButtonLink to={paths.myListings} variant="primary" block>
            {t('success.manage')}
          </ButtonLink>
          <ButtonLink to={paths.landlordWelcome} variant="secondary" block>
            {t('success.another')}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}
