import { useTexts } from '@/lib/use-texts';
import type { TListing, TOwnerListing } from '@betoch/contracts/listings';
import { ShieldIcon } from '@/components/ui/icons';
import { useContactWiring } from '../hooks/use-contact-wiring';
import { posterKindOf } from '../lib/poster-kind';
import { AvailabilityAsk } from './availability-ask';
import { ContactPanel } from './contact-panel';
import { ManagePanel } from './manage-panel';
import styles from './listing-detail-aside.module.css';

/** The contact panel with its calls: unlock status and unlock, the first message. */
function VisitorContactPanel({ listing, viewer }: { listing: TListing; viewer: string | null }) {
  const { unlock, message, contactHidden } = useContactWiring(listing._id, viewer, posterKindOf(listing));
  const shown = contactHidden ? { ...listing, contact_preference: 'hide' as const } : listing;
  return <ContactPanel listing={shown} signedIn={viewer !== null} unlock={unlock} message={message} />;
}

/**
 * The side of a listing's page: the owner's manage panel, or for anyone else the contact panel
 * and the safety line. Loaded on its own after the top of the page (listing-detail-page.tsx).
 */
export function ListingDetailAside({ listing, owner, viewer }: { listing: TListing; owner: TOwnerListing | null; viewer: string | null }) {
  const { t } = useTexts('listings');
  if (owner) return <ManagePanel listing={owner} />;
  return (
    <>
      <VisitorContactPanel listing={listing} viewer={viewer} />
      <AvailabilityAsk listingId={listing._id} signedIn={viewer !== null} />
      <p className={styles.safetyLine}>
        <ShieldIcon size={18} /> {t('detail.safetyLine')}
      </p>
    </>
  );
}
