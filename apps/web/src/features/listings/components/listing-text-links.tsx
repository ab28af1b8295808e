import { AppLink } from '@/components/ui/app-link';
import { Price } from '@/components/ui/price';
import { paths } from '@/config/paths';
import { useListingTitle } from '@/lib/listing-title';
import { useTexts } from '@/lib/use-texts';
import type { CardListing } from '../api/card-listing';
import styles from './listing-text-links.module.css';

/**
 * Listings as plain lines (title, price, subcity), each a link to its page: the cards the server
 * does not draw, for a phone without JavaScript (the page puts them in a <noscript>; with
 * JavaScript the browser draws their cards instead).
 */
export function ListingTextLinks({ listings }: { listings: CardListing[] }) {
  const { t } = useTexts('listings');
  const titleOf = useListingTitle();
  return (
    <ul className={styles.list}>
      {listings.map((listing) => (
        <li key={listing._id} className={styles.item}>
          <AppLink to={paths.listing(listing._id)} className={styles.link}>
            {titleOf(listing)}
          </AppLink>
          <span className={styles.facts}>
            <Price amount={listing.price_etb} suffix={t('card.perMonth')} /> · {t(`subcities.${listing.subcity}`, { defaultValue: listing.subcity })}
          </span>
        </li>
      ))}
    </ul>
  );
}
