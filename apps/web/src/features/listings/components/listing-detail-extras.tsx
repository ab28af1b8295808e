import type { TListing } from '@betoch/contracts/listings';
import { ListingHeart } from '@/lib/listing-slots';
import { FairPriceLine } from './fair-price-line';
import { ShareButton } from './share-button';
import styles from './listing-detail-extras.module.css';

export { FairPriceLine };

/**
 * Under the title of a live listing: the favourite heart (not on one's own listing) and Share.
 * Loaded once the top of the page has been shown (listing-detail-page.tsx).
 */
export function DetailActions({ listing, own }: { listing: TListing; own: boolean }) {
  return (
    <div className={styles.actions}>
      {own ? null : <ListingHeart listingId={listing._id} variant="detail" />}
      <ShareButton listing={listing} />
    </div>
  );
}
