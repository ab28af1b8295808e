import { useTexts } from '@/lib/use-texts';
import { FavouritesSection } from '@/features/favourites/components/favourites-section';
import { ListingCard } from '@/features/listings/components/listing-card';
import { toCardListing } from '@/features/listings/api/card-listing';
import { SavedSearchesSection } from '@/features/saved-searches/components/saved-searches-section';
import { usePageTitle } from '@/lib/use-page-title';

/** /saved (signed in): what the user keeps coming back for, one section per kind: homes, then searches. */
export function SavedPage() {
  const { t } = useTexts(['favourites', 'common']);
  const title = t('page.title');
  usePageTitle(title);
  return (
    <div className="page">
      <h1>{title}</h1>
      <FavouritesSection renderCard={(listing, index) => <ListingCard listing={toCardListing(listing)} priority={index === 0} />} />
      <SavedSearchesSection />
    </div>
  );
}
