import { useTexts } from '@/lib/use-texts';
import { LANDLORD_LIVE_LISTING_CAP } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMyListings } from '@/api/get-my-listings';

/**
 * The 3-listing banner: shown when the poster already has 3 live landlord listings (stats of
 * GET /listings/my-listings), before they fill in a form that publishing would refuse.
 */
export function ListingLimitBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTexts('landlord');
  const mine = useMyListings(enabled);
  const live = mine.data?.stats.landlord_live ?? 0;
  if (live < LANDLORD_LIVE_LISTING_CAP) return null;
  return (
    <Alert
      tone="warning"
      title={t('limit.title', { count: LANDLORD_LIVE_LISTING_CAP })}
      action={
        <ButtonLink to={paths.myListings} variant="secondary" small>
          {t('limit.manage')}
        </ButtonLink>
      }
    >
      <p>{t('errors.limitReached')}</p>
    </Alert>
  );
}
