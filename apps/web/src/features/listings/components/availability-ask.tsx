import { useId } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorLine } from '@/components/ui/error-line';
import { useAskAvailability } from '../api/ask-availability';
import { signInLink } from '../lib/sign-in-link';
import styles from './panels.module.css';

/**
 * A tenant's 'Is it still available?' on /l/{id}: the poster is asked at once, by SMS
 * and on their listings page; once per tenant and listing (a second tap is told it was asked).
 * Signed-out visitors go to sign in first and come back here (a link: it works before the app
 * has started and without JavaScript).
 */
export function AvailabilityAsk({ listingId, signedIn }: { listingId: string; signedIn: boolean }) {
  const { t } = useTexts(['listings', 'common']);
  const ask = useAskAvailability();
  const titleId = useId();
  const signIn = signInLink(listingId);

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
            {signedIn ? (
              <Button variant="secondary" block data-tap="ask-available" onClick={() => ask.mutate(listingId)} loading={ask.isPending}>
                {t('freshness.askButton')}
              </Button>
            ) : (
              <ButtonLink to={signIn.to} state={signIn.state} variant="secondary" block data-tap="ask-available">
                {t('freshness.askButton')}
              </ButtonLink>
            )}
          </div>
          <ErrorLine className={styles.error} error={ask.isError ? ask.error : null} />
        </>
      )}
    </section>
  );
}
