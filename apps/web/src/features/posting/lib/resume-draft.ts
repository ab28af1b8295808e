import type { TOwnerListing } from '@betoch/contracts/listings';
import type { ListingSource } from '@betoch/contracts/constants';
import { offeredTypeOf } from './draft-form-schema';
import { BATHROOM_CHOICES, BEDROOM_CHOICES, type BathroomChoice, type BedroomChoice } from './property-types';
import { EMPTY_WIZARD_VALUES, type WizardValues } from './wizard-schema';

/**
 * The unfinished draft a posting page continues instead of starting another: the one named in
 * the address (?draft=), when it is still one of the poster's drafts from this page, else the
 * most recently changed draft from this page; null when there is none. One draft per poster and
 * page at a time, so leaving and coming back (or buying credits in between) never piles up drafts.
 */
export function draftToResume(listings: readonly TOwnerListing[], source: ListingSource, wanted: string | null): TOwnerListing | null {
  const drafts = listings.filter((l) => l.visibility === 'draft' && l.source === source && l.access === 'poster');
  const named = wanted ? drafts.find((l) => l._id === wanted) : undefined;
  if (named) return named;
  return drafts.reduce<TOwnerListing | null>((latest, l) => (!latest || l.updatedAt > latest.updatedAt ? l : latest), null);
}

function bedroomChoice(bedrooms: number | null, studio: boolean): BedroomChoice | '' {
  if (studio || bedrooms === 0) return 'studio';
  if (bedrooms === null) return '';
  if (bedrooms >= 5) return '5+';
  const text = String(bedrooms);
  return (BEDROOM_CHOICES as readonly string[]).includes(text) ? (text as BedroomChoice) : '';
}

function bathroomChoice(bathrooms: number | null): BathroomChoice | '' {
  if (bathrooms === null || bathrooms < 1) return '';
  if (bathrooms >= 4) return '4+';
  return (BATHROOM_CHOICES as readonly string[]).includes(String(bathrooms)) ? (String(bathrooms) as BathroomChoice) : '';
}

/** A stored draft back in the wizard's form (the reverse of toCreatePayload); photos go to the photo queue. */
export function wizardValuesFromListing(listing: TOwnerListing, name: string): WizardValues {
  const type = offeredTypeOf(listing.type, listing.bedrooms);
  const text = (n: number | null | undefined) => String(n ?? '');
  const percent = (listing.broker_fee_percent ?? null) !== null;
  return {
    ...EMPTY_WIZARD_VALUES,
    type,
    subcity: listing.subcity,
    specific_location: listing.specific_location ?? '',
    bedrooms: bedroomChoice(listing.bedrooms, type === 'studio'),
    bathrooms: bathroomChoice(listing.bathrooms),
    area_sqm: text(listing.area_sqm),
    description: listing.description,
    price_etb: listing.price_etb > 0 ? String(listing.price_etb) : '',
    // `?? ''` (in text): an answer cached before the move-in fields existed has none of them.
    advance_months: text(listing.advance_months),
    deposit_etb: text(listing.deposit_etb),
    broker_fee_mode: percent ? 'percent' : 'etb',
    broker_fee_etb: percent ? '' : text(listing.broker_fee_etb),
    broker_fee_percent: text(listing.broker_fee_percent),
    contact_preference: listing.contact_preference,
    name,
  };
}

/** The page's address that reopens this draft (carried through a purchase and back). */
export function resumePath(pagePath: string, draftId: string | null): string {
  return draftId ? `${pagePath}?draft=${encodeURIComponent(draftId)}` : pagePath;
}
