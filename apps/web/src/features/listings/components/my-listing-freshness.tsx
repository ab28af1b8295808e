import { useId } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { FREE_RENEW_MS } from '@betoch/contracts/freshness-rules';
import { AvailabilityAnswers } from '@/components/ui/availability-answers';
import { Button } from '@/components/ui/button';
import { ErrorLine } from '@/components/ui/error-line';
import { useListingTitle } from '@/lib/listing-title';
import { useConfirmAvailability } from '../api/confirm-availability';
import { useRenewListing } from '../api/renew-listing';
import { formatDate } from '../lib/listing-display';
import styles from './my-listing-freshness.module.css';

/**
 * 'Available · confirmed 3 days ago' on the poster's card: the same words as the listing page's
 * line (confirmed-line.tsx), kept apart so the bundler cannot fold that one into /browse's code.
 */
function OwnConfirmedLine({ confirmedAt }: { confirmedAt: string | null }) {
  const { t } = useTexts('listings');
  if (!confirmedAt) return null;
  const days = Math.max(0, Math.floor((Date.now() - Date.parse(confirmedAt)) / 864e5));
  return (
    <p className={styles.confirmed} data-testid="confirmed-line">
      {t('freshness.available')} · {days === 0 ? t('freshness.confirmedToday') : t('freshness.confirmedDaysAgo', { count: days })}
    </p>
  );
}

/** The poster is being asked: the 14-day question went out, or tenants asked since the last confirmation. */
export function needsAnswer(listing: TOwnerListing): boolean {
  return listing.visibility === 'live' && (listing.confirm_asked_at !== null || (listing.open_asks ?? 0) > 0);
}

/**
 * A live listing on /my-listings: when it was last confirmed, and either the question
 * 'Is {title} still available?' with 'Yes, still available' and 'Rented', or a 'Still available'
 * tap that confirms it now.
 */
export function LiveFreshness({ listing }: { listing: TOwnerListing }) {
  const { t } = useTexts('freshness');
  const title = useListingTitle()(listing);
  const confirm = useConfirmAvailability();
  const questionId = useId();
  const asked = needsAnswer(listing);
  const answer = (value: 'available' | 'rented') => confirm.mutate({ id: listing._id, answer: value });

  return (
    <div className={asked ? styles.question : styles.box} role={asked ? 'group' : undefined} aria-labelledby={asked ? questionId : undefined}>
      <OwnConfirmedLine confirmedAt={listing.confirmed_at} />
      {asked ? (
        <>
          <p id={questionId} className={styles.questionText}>
            {t('question', { title })}
          </p>
          {(listing.open_asks ?? 0) > 0 ? <p className={styles.note}>{t('tenantsAsked', { count: listing.open_asks })}</p> : null}
          <div className={styles.buttons}>
            <AvailabilityAnswers
              small
              labels={{ available: t('yes'), rented: t('rented') }}
              sending={confirm.variables?.answer}
              busy={confirm.isPending}
              onAnswer={answer}
            />
          </div>
        </>
      ) : (
        <Button small variant="ghost" block onClick={() => answer('available')} loading={confirm.isPending} aria-label={t('stillAvailableLabel', { title })}>
          {t('stillAvailable')}
        </Button>
      )}
      <ErrorLine className={styles.error} error={confirm.isError ? confirm.error : null} />
    </div>
  );
}

/**
 * An expired listing on /my-listings: why it expired and 'Renew' (one tap). A broker renews free
 * within 7 days of expiry; after that a renewal is a new post (1 post credit or the plan).
 */
export function ExpiredFreshness({ listing, isBroker }: { listing: TOwnerListing; isBroker: boolean }) {
  const { t, i18n } = useTexts('freshness');
  const title = useListingTitle()(listing);
  const renew = useRenewListing();
  const expiredAt = listing.expired_at ?? listing.updatedAt;
  const freeUntil = new Date(Date.parse(expiredAt) + FREE_RENEW_MS).toISOString();
  const stillFree = Date.now() < Date.parse(freeUntil);

  return (
    <div className={styles.expired}>
      <p className={styles.expiredBadge}>{t('expired')}</p>
      <p className={styles.note}>{listing.expired_reason === 'tenant_asks' ? t('expiredByAsks') : t('expiredUnconfirmed')}</p>
      {isBroker ? (
        <p className={styles.note}>{stillFree ? t('renewFreeUntil', { date: formatDate(freeUntil, i18n.language ?? 'en') }) : t('renewCostsCredit')}</p>
      ) : null}
      <Button small variant="gold" block onClick={() => renew.mutate(listing._id)} loading={renew.isPending} aria-label={t('renewLabel', { title })}>
        {t('renew')}
      </Button>
      <ErrorLine className={styles.error} error={renew.isError ? renew.error : null} />
    </div>
  );
}
