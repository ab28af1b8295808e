import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useAskAvailability } from '../api/ask-availability';
import styles from './panels.module.css';

/**
 * A tenant's 'Is it still available?' on /l/{id}: the poster is asked at once, by SMS
 * and on their listings page; once per tenant and listing (a second tap is told it was asked).
 * Signed-out visitors go to sign in first and come back here.
 */
export function AvailabilityAsk({ listingId, signedIn }: { listingId: string; signedIn: boolean }) {
  const { t } = useTexts(['listings', 'common']);
  const navigate = useNavigate();
  const ask = useAskAvailability();
  const titleId = useId();

  const onAsk = () => {
    if (!signedIn) {
      navigate(paths.login, { state: { from: paths.listing(listingId), listingId } });
      return;
    }
    ask.mutate(listingId);
  };

  return (
    <section className={`${styles.panel} ${styles.askPanel}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t('freshness.askTitle')}
      </h2>
      {ask.isSuccess ? (
        <p className={styles.note} role="status">
          {ask.data.already_asked ? t('freshness.askedBefore') : t('freshness.asked')}
        </p>
      ) : (
        <>
          <p className={styles.hint}>{signedIn ? t('freshness.askText') : t('freshness.askSignIn')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" block onClick={onAsk} loading={ask.isPending}>
              {t('freshness.askButton')}
            </Button>
          </div>
          {ask.isError ? (
            <p className={styles.error} role="alert">
              {errorText(t, ask.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
