import { CONTACT_MASK } from '@betoch/contracts/constants';
import type { TPostedBy } from '@betoch/contracts/listings';
import { maskContacts } from '../../lib/contact-masking.ts';

/**
 * Contact details a poster writes into their listing's free text (title, description, specific
 * location) or their display and agency names are masked in every answer to anyone but the poster
 * and admins: phones reach people only through unlock-contact (server-rules §3), and e-mail
 * addresses and messenger handles are a way around it just as well (the reason of §5 for chat).
 * The finder is the chat's (`lib/contact-masking.ts`), so every spelling it knows is caught here
 * too, and prices, room counts, years and house numbers stay as written.
 *
 * Finding is pure but not free (about 25 µs for a title, 350 µs for a long description), and the
 * same few texts are answered again and again by browse and detail, so results are remembered by
 * text, up to a bound on the characters held.
 */

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

/** The text with every phone number, e-mail address and messenger handle replaced by CONTACT_MASK. */
export function maskListingText(text: string): string {
  const known = memo.get(text);
  if (known !== undefined) return known;
  const masked = maskContacts(text, CONTACT_MASK).text;
  remember(text, masked);
  return masked;
}

function maskNullable(text: string | null): string | null {
  return text === null ? null : maskListingText(text);
}

function maskPostedBy(postedBy: TPostedBy): TPostedBy {
  return { ...postedBy, name: maskNullable(postedBy.name), agency_name: maskNullable(postedBy.agency_name) };
}

/** The free text of any listing shape; a shape without a field (a slim browse card) is fine. */
interface ListingText {
  title: string;
  description?: string;
  specific_location?: string | null;
  posted_by?: TPostedBy;
}

/** A public listing or browse card with its poster's free text masked. */
export function maskListingAnswer<T extends ListingText>(listing: T): T {
  const masked: T = { ...listing, title: maskListingText(listing.title) };
  if (listing.description !== undefined) masked.description = maskListingText(listing.description);
  if (listing.specific_location !== undefined) masked.specific_location = maskNullable(listing.specific_location);
  if (listing.posted_by !== undefined) masked.posted_by = maskPostedBy(listing.posted_by);
  return masked;
}
