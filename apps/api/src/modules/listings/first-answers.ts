import { BROWSE_PAGE_SIZE } from '@betoch/contracts/constants';
import { cardPhotoRenditions } from '@betoch/contracts/card-photo';
import { photoSrcSet } from '@betoch/contracts/photo-srcset';
import { ZBrowseQuery, type TBrowseAnswer, type TListingAnswer, type TPublicListing } from '@betoch/contracts/listings';
import { AppError } from '../../lib/app-error.ts';
import { PAGE_NOT_FOUND, type FirstAnswer } from '../../plugins/first-screen-page.ts';
import type { ListingsService } from './listings.service.ts';
import type { PreparedAnswer } from './prepared-answer.ts';

/** The web app's first browse call (browseApiQuery without filters): live listings, one page. */
const FIRST_BROWSE = { visibility: 'live', limit: String(BROWSE_PAGE_SIZE) } as const;
const LISTING_PAGE = /^\/l\/([^/]+)$/;

/**
 * The first photo's srcset of a kept answer, worked out once per answer (the answers come from the
 * listings answer cache, so a page request reads no JSON again).
 */
const srcSets = new WeakMap<PreparedAnswer, string | undefined>();
function firstPhotoSrcSet(answer: PreparedAnswer, find: (body: unknown) => string | undefined): string | undefined {
  if (!srcSets.has(answer)) srcSets.set(answer, find(JSON.parse(answer.body.toString('utf8'))));
  return srcSets.get(answer);
}

function browsePhoto(body: unknown): string | undefined {
  const photo = (body as TBrowseAnswer).listings[0]?.photos[0];
  if (!photo) return undefined;
  const renditions = cardPhotoRenditions(photo);
  return photoSrcSet({ url: renditions[renditions.length - 1]!.url, width: photo.width, sizes: renditions });
}

function detailPhoto(body: unknown): string | undefined {
  const photo = (body as TListingAnswer).listing.photos[0];
  return photo ? photoSrcSet(photo) : undefined;
}

/** The public listing of a kept detail answer, read once per answer. */
const publicListings = new WeakMap<PreparedAnswer, TPublicListing | undefined>();
function publicListing(answer: PreparedAnswer): TPublicListing | undefined {
  if (!publicListings.has(answer)) {
    const { listing } = JSON.parse(answer.body.toString('utf8')) as TListingAnswer;
    publicListings.set(answer, listing.access === 'public' ? listing : undefined);
  }
  return publicListings.get(answer);
}

/**
 * The public answers the server writes into the page for a first screen
 * (plugins/first-screen-page.ts): /browse without filters gets the first page of live listings,
 * /l/{id} the listing as a visitor without a session sees it (never the phone); each with the
 * srcset of the first photo it shows. A listing no visitor may see (unknown id, draft, hidden,
 * removed) is PAGE_NOT_FOUND: its page answers 404. Any other page gets none.
 */
export function listingFirstAnswers(listings: ListingsService) {
  return async (pathname: string, search: string): Promise<FirstAnswer | typeof PAGE_NOT_FOUND | null> => {
    if (pathname === '/browse' && search === '') {
      const answer = await listings.browse(ZBrowseQuery.parse(FIRST_BROWSE));
      return {
        url: `/api/listings?${new URLSearchParams(FIRST_BROWSE).toString()}`,
        body: answer.body,
        photoSrcSet: firstPhotoSrcSet(answer, browsePhoto),
      };
    }
    const listing = LISTING_PAGE.exec(pathname);
    if (listing) {
      let id: string;
      try {
        id = decodeURIComponent(listing[1]!);
      } catch {
        return PAGE_NOT_FOUND;
      }
      try {
        const answer = await listings.detailAnswer(null, id);
        return {
          url: `/api/listings/${encodeURIComponent(id)}`,
          body: answer.body,
          photoSrcSet: firstPhotoSrcSet(answer, detailPhoto),
          listing: publicListing(answer),
        };
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return PAGE_NOT_FOUND;
        throw error;
      }
    }
    return null;
  };
}
