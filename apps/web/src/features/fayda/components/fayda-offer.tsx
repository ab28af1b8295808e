import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LocalDate } from '@/components/ui/local-date';
import { Skeleton } from '@/components/ui/skeleton';
import { errorText } from '@/lib/error-text';
import type { FaydaOfferProps } from '@/lib/fayda-slot';
import { useFayda } from '../api/get-fayda';
import { useStartFayda } from '../api/start-fayda';
import styles from './fayda-offer.module.css';

/**
 * 'Verify with Fayda' for landlords and brokers (on /account, /my-listings and at the start of
 * posting), or, once verified, since when and under which name. Nothing when the feature is off
 * (no FAYDA_ISSUER) or the account is a tenant's.
 */
export function FaydaOffer({ place }: FaydaOfferProps) {
  const { t, i18n } = useTexts(['fayda', 'common']);
  const status = useFayda();
  const start = useStartFayda();
  if (status.isPending) return <Skeleton height={place === 'account' ? 72 : 96} />;
  // The offer is an extra: if its state cannot be read, the page goes on without it.
  if (status.isError || !status.data.enabled || !status.data.eligible) return null;
  const { verification } = status.data;
  const headingId = `fayda-offer-${place}`;
  if (verification) {
    if (place !== 'account') return null;
    return (
      <section className={styles.offer} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('verified.heading')}
        </h2>
        <p className={styles.text}>
          {t('verified.since')} <LocalDate iso={verification.verified_at} language={i18n.language} /> · {t('verified.name', { name: verification.name })}
        </p>
        <p className={styles.text}>{verification.phone_match ? t('verified.phoneMatch') : t('verified.phoneDiffers')}</p>
      </section>
    );
  }
  return (
    <section className={styles.offer} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('offer.heading')}
      </h2>
      <p className={styles.text}>{t(place === 'posting' ? 'offer.textPosting' : 'offer.text')}</p>
      <p className={styles.text}>{t('offer.kept')}</p>
      {start.isError ? <Alert tone="error">{errorText(t, start.error)}</Alert> : null}
      <div>
        <Button onClick={() => start.mutate(i18n.language === 'am' ? 'am' : 'en')} loading={start.isPending || start.isSuccess}>
          {t('offer.button')}
        </Button>
      </div>
    </section>
  );
}
