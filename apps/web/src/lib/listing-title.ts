import { useCallback } from 'react';
import { useTexts } from './use-texts';
import type { TFunction } from 'i18next';
import { titleTypeKey, type TitledListing } from '@betoch/contracts/listing-title';
import { useListingText } from './contact-mask';

/** A subcity's name in the interface language (common:listingTitle.subcities), else as stored. */
export function subcityName(subcity: string, t: TFunction): string {
  return t(`common:listingTitle.subcities.${subcity}`, { defaultValue: subcity });
}

/**
 * A listing's title as the reader reads it: a title the app made ('{Type} in
 * {subcity}') composed in the interface language from the listing's type, bedrooms and subcity
 * ('Apartment in Bole' / 'በቦሌ የሚገኝ አፓርትመንት', common:listingTitle); a title the poster typed,
 * exactly as typed. The server's page head composes with the same texts (app/page-head.ts).
 */
export function listingTitle(listing: TitledListing, t: TFunction): string {
  if (!listing.title_generated) return listing.title;
  return t('common:listingTitle.generated', {
    type: t(`common:listingTitle.types.${titleTypeKey(listing.type, listing.bedrooms)}`),
    subcity: subcityName(listing.subcity, t),
  });
}

/**
 * For components: the title as above, with any contact-masking marker in a typed title in the
 * reader's words (lib/contact-mask.ts).
 */
export function useListingTitle(): (listing: TitledListing) => string {
  const { t } = useTexts('common');
  const shown = useListingText();
  return useCallback((listing: TitledListing) => shown(listingTitle(listing, t)), [t, shown]);
}
