import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { TPostedBy } from '@betoch/contracts/listings';
import { MASKER_VERSION, maskContacts } from '../contact-masking/contact-masking.ts';
import type { ListingRow, NewListingRow } from '../../db/schema/listings.ts';

/**
 * Contact details a poster writes into their listing's free text (title, description, specific
 * location) or their display and agency names are masked in every answer to anyone but the poster
 * and admins: phones reach people only through the paid unlock-contact call, and e-mail
 * addresses and messenger handles are a way around it just as well (the reason of §5 for chat).
 * The finder is the chat's (`modules/contact-masking/contact-masking.ts`), so every spelling it
 * knows is caught here too, and prices, room counts, years and house numbers stay as written.
 *
 * The listing's own text is masked once, when it is written: the masked form is stored beside it
 * (`maskedListingColumns`, migration 0008) and answers read it from there. Names are short and are
 * masked when answered, remembered by text up to a bound on the characters held.
 */

/** The text with every phone number, e-mail address and messenger handle replaced by CONTACT_MASK. */
export function maskText(text: string): string {
  return maskContacts(text, CONTACT_MASK).text;
}

/** The masked columns for the free text being written (only those given), stamped with the masker's version. */
export function maskedListingColumns(values: Partial<Pick<NewListingRow, 'title' | 'description' | 'specificLocation'>>): Partial<NewListingRow> {
  const masked: Partial<NewListingRow> = {};
  if (values.title !== undefined) masked.titleMasked = maskText(values.title);
  if (values.description !== undefined) masked.descriptionMasked = maskText(values.description);
  if (values.specificLocation !== undefined) masked.specificLocationMasked = values.specificLocation === null ? null : maskText(values.specificLocation);
  if (Object.keys(masked).length) masked.maskedWith = MASKER_VERSION;
  return masked;
}

/** The public title of a stored listing (masked when written; masked now only for a row not yet masked). */
export function publicTitle(row: { title: string; titleMasked: string | null }): string {
  return row.titleMasked ?? maskText(row.title);
}

export function publicSpecificLocation(row: { specificLocation: string | null; specificLocationMasked: string | null }): string | null {
  if (row.specificLocation === null) return null;
  return row.specificLocationMasked ?? maskText(row.specificLocation);
}

const MEMO_MAX_CHARS = 2_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

function remember(text: string, masked: string): void {
  const cost = text.length + (masked === text ? 0 : masked.length);
  if (cost > MEMO_MAX_CHARS / 4) return;
  while (memoChars + cost > MEMO_MAX_CHARS) {
    const oldest = memo.entries().next().value;
    if (!oldest) break;
    memo.delete(oldest[0]);
    memoChars -= oldest[0].length + (oldest[1] === oldest[0] ? 0 : oldest[1].length);
  }
  memo.set(text, masked);
  memoChars += cost;
}

/** A person's display or agency name masked, remembered by text (names are answered again and again). */
export function maskName(text: string): string {
  const known = memo.get(text);
  if (known !== undefined) return known;
  const masked = maskText(text);
  remember(text, masked);
  return masked;
}

function maskNullableName(text: string | null): string | null {
  return text === null ? null : maskName(text);
}

/** The poster's names as anyone but the poster and admins reads them. */
export function maskPostedBy(postedBy: TPostedBy): TPostedBy {
  return { ...postedBy, name: maskNullableName(postedBy.name), agency_name: maskNullableName(postedBy.agency_name) };
}

/** The public free text of a stored listing: the masked columns. */
export function publicListingText(
  listing: Pick<ListingRow, 'title' | 'titleMasked' | 'description' | 'descriptionMasked' | 'specificLocation' | 'specificLocationMasked'>,
): { title: string; description: string; specific_location: string | null } {
  return {
    title: publicTitle(listing),
    description: listing.descriptionMasked ?? maskText(listing.description),
    specific_location: publicSpecificLocation(listing),
  };
}
