import type { TListing } from '@betoch/contracts/listings';
import { ListingHeart } from '@/lib/listing-slots';
import { SaveLink } from './save-link';
import { ShareButton } from './share-button';
import styles from './listing-detail-extras.module.css';

/**
 * Under the title of a live listing: 'Save' (the favourite heart once live; not on one's own
 * listing) and 'Share', both drawn by the server so that a tap before the app has started counts:
 * 'Save' is a link to sign-in until the heart comes, 'Share' a button the boot script holds.
 */
export function DetailActions({ listing, own }: { listing: TListing; own: boolean }) {
  return (
    <div className={styles.actions}>
      {own ? null : <ListingHeart listingId={listing._id} variant="detail" fallback={<SaveLink listingId={listing._id} />} />}
      <ShareButton listing={listing} />
    </div>
  );
}
