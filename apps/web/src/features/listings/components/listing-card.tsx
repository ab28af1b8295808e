import { memo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { HomeIcon, PinIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { paths } from '@/config/paths';
import { PHOTO_SIZES } from '@/config/photo-sizes';
import { ListingFacts } from './listing-facts';
import type { CardListing } from '../api/card-listing';
import styles from './listing-card.module.css';
import { useListingText } from '@/lib/contact-mask';
import { useListingTitle } from '@/lib/listing-title';
import { ListingHeart } from '@/lib/listing-slots';
import { FaydaBadge } from '@/components/ui/fayda-badge';
import { HeartIcon } from '@/components/ui/heart-icon';
import { signInLink } from '../lib/sign-in-link';

export type { CardListing };

export interface ListingCardProps {
  listing: CardListing;
  /** The first card on the page: its photo loads at once; the others wait until scrolled near. */
  priority?: boolean;
  /** Extra controls under the card (the owner's Manage button). */
  action?: ReactNode;
}

/**
 * Kept from drawing again when its props are the same, as they are while a list grows a few cards
 * at a time (useGradualCount) or the page around it changes.
 */
export const ListingCard = memo(function ListingCard({ listing, priority = false, action }: ListingCardProps) {
  const { t } = useTexts('listings');
  const shown = useListingText();
  const titleOf = useListingTitle();
  const { pathname, search } = useLocation();
  const photo = listing.photos[0];
  const subcity = t(`subcities.${listing.subcity}`, { defaultValue: listing.subcity });
  const place = listing.specific_location ? `${shown(listing.specific_location)}, ${subcity}` : subcity;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {photo ? (
          <ResponsivePhoto photo={photo} alt="" sizes={PHOTO_SIZES.card} priority={priority} />
        ) : (
          <div className={styles.noPhoto}>
            <HomeIcon size={40} />
            <span>{t('card.noPhoto')}</span>
          </div>
        )}
        <div className={styles.badges}>
          {listing.visibility === 'draft' ? <span className={`${styles.badge} ${styles.draft}`}>{t('card.draft')}</span> : null}
          {listing.source === 'delala' ? <span className={`${styles.badge} ${styles.broker}`}>{t('card.broker')}</span> : null}
          {listing.poster_verified ? <FaydaBadge /> : null}
        </div>
        {listing.visibility === 'draft' ? null : <ListingHeart listingId={listing._id} variant="card" fallback={<CardSaveLink listingId={listing._id} />} />}
      </div>
      <div className={styles.body}>
        <p className={styles.price}>
          <Price amount={listing.price_etb} suffix={t('card.perMonth')} />
        </p>
        <h3 className={styles.title}>
          <AppLink to={paths.listing(listing._id)} state={{ from: `${pathname}${search}` }} className={styles.link}>
            {titleOf(listing)}
          </AppLink>
        </h3>
        <p className={styles.place}>
          <PinIcon size={16} />
          <span>{place}</span>
        </p>
        <ListingFacts listing={listing} />
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </article>
  );
});

/**
 * A card's heart as the server draws it (and until the heart's code has come): a link to sign-in
 * that comes back to the listing and saves it (paths.listingToSave), as /l/{id}'s 'Save' does, so
 * it works before the app has started and without JavaScript.
 */
function CardSaveLink({ listingId }: { listingId: string }) {
  const { t } = useTexts('listings');
  const signIn = signInLink(listingId, { save: true });
  return (
    <AppLink to={signIn.to} state={signIn.state} className={styles.save} aria-label={t('card.save')}>
      <HeartIcon filled={false} />
    </AppLink>
  );
}

/** The same box, grey, while listings load. */
export function ListingCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.media} ${styles.skeletonBlock}`} />
      <div className={styles.body}>
        <span className={styles.skeletonLine} style={{ width: '45%', height: 22 }} />
        <span className={styles.skeletonLine} style={{ width: '80%' }} />
        <span className={styles.skeletonLine} style={{ width: '60%' }} />
        <span className={styles.skeletonLine} style={{ width: '70%' }} />
      </div>
    </div>
  );
}
