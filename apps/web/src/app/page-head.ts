import { LANGUAGE_PARAM, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { htmlAttribute as attr, scriptJson } from '@betoch/contracts/html-safe';
import type { TPublicListing } from '@betoch/contracts/listings';
import { groupThousands } from '@/lib/format-money';
import { ENGLISH_TITLE_WORDS, listingTitleIn, titleWordsFrom, type TitleTexts, type TitleWords } from '@betoch/contracts/listing-title';

/**
 * What a page says of itself to link previews (Telegram, Facebook, WhatsApp) and search engines:
 * its title, description, canonical URL and the same page in each language (`?lng=`), and for a
 * listing the Open Graph and Twitter card tags and schema.org data. Built only from public data:
 * the listing as a visitor without a session sees it (no phone; contact details in the text
 * already masked), so nothing paid for can reach a page's head. Which head a page has is said by
 * the page table (./page-table.ts).
 */

/** The pages with texts of their own in seo.json (`pages`). */
export type PageName = 'home' | 'browse' | 'tenantWelcome' | 'landlordWelcome' | 'delalaWelcome' | 'login' | 'signup' | 'privacy' | 'terms' | 'notFound';
interface SeoTexts {
  site: string;
  pages: Record<PageName, { title: string; description: string }>;
  listing: { title: string; description: string };
}

export type PageHeadInput = { kind: 'page'; name: PageName } | { kind: 'listing'; listing: TPublicListing };

const DESCRIPTION_MAX = 160;

/** Open Graph locales of the app's languages. */
const OG_LOCALE: Record<Language, string> = { en: 'en_US', am: 'am_ET' };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/** Text cut at a word to at most `max` characters, with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const SCHEMA_TYPE: Record<string, string> = {
  apartment: 'Apartment',
  condo: 'Apartment',
  condominium: 'Apartment',
  studio: 'Apartment',
  house: 'SingleFamilyResidence',
  villa: 'SingleFamilyResidence',
};

/** The URL of a page without its language parameter nor those that pick a view of it (`views`), query parameters sorted. */
export function canonicalUrl(origin: string, pathname: string, search: string, views: readonly string[] = []): string {
  const params = new URLSearchParams(search);
  params.delete(LANGUAGE_PARAM);
  for (const view of views) params.delete(view);
  params.sort();
  const query = params.toString();
  return `${origin}${pathname}${query ? `?${query}` : ''}`;
}

function withLanguage(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/** The largest stored rendition of a listing's cover photo, as an absolute URL. */
function coverPhoto(listing: TPublicListing, origin: string): { url: string; width: number; height: number } | null {
  const photo = listing.photos[0];
  if (!photo) return null;
  const largest = [...photo.sizes].sort((a, b) => b.width - a.width)[0];
  const url = largest && largest.width > photo.width ? largest.url : photo.url;
  const width = largest && largest.width > photo.width ? largest.width : photo.width;
  const height = Math.round((photo.height * width) / Math.max(photo.width, 1));
  return { url: new URL(url, origin).toString(), width, height };
}

export interface PageHeads {
  /** The head tags of a page; `canonical` is its URL without the language parameter. */
  tags(input: PageHeadInput, language: Language, canonical: string, origin: string): string;
}

/**
 * The page texts of both languages (the `seo` namespace) and the words a generated listing title
 * and a subcity are said with (common's `listingTitle`), so a listing's head names it as its page
 * does: 'በቦሌ የሚገኝ አፓርትመንት' for an Amharic reader.
 */
export function pageHeads(resources: Record<string, Record<string, unknown>>): PageHeads {
  const texts = {} as Record<Language, SeoTexts>;
  const words = {} as Record<Language, TitleWords>;
  for (const language of LANGUAGES) {
    texts[language] = resources[language]!.seo as SeoTexts;
    const titleTexts = (resources[language]!.common as { listingTitle?: TitleTexts } | undefined)?.listingTitle;
    words[language] = titleTexts ? titleWordsFrom(titleTexts) : ENGLISH_TITLE_WORDS;
  }

  return {
    tags(input, language, canonical, origin) {
      const t = texts[language];
      const tags: string[] = [];
      let title: string;
      let description: string;
      if (input.kind === 'listing') {
        const { listing } = input;
        const values = {
          title: listingTitleIn(listing, words[language]),
          // As toLocaleString('en-US') writes it, without an Intl.NumberFormat made for each page.
          price: groupThousands(listing.price_etb),
          subcity: words[language].subcity(listing.subcity),
        };
        title = fill(t.listing.title, values);
        description = shorten(listing.description || fill(t.listing.description, values), DESCRIPTION_MAX);
      } else {
        ({ title, description } = t.pages[input.name]);
      }
      const fullTitle = input.kind === 'page' && input.name === 'home' ? title : `${title} · ${t.site}`;
      tags.push(`<title>${attr(fullTitle)}</title>`, `<meta name="description" content="${attr(description)}">`);
      if (input.kind === 'page' && input.name === 'notFound') {
        tags.push('<meta name="robots" content="noindex">');
        return tags.join('');
      }
      tags.push(`<link rel="canonical" href="${attr(canonical)}">`);
      for (const lng of LANGUAGES) tags.push(`<link rel="alternate" hreflang="${lng}" href="${attr(withLanguage(canonical, lng))}">`);
      tags.push(`<link rel="alternate" hreflang="x-default" href="${attr(canonical)}">`);
      if (input.kind !== 'listing') return tags.join('');

      const { listing } = input;
      const listingTitle = listingTitleIn(listing, words[language]);
      const photo = coverPhoto(listing, origin);
      const og: Array<[string, string]> = [
        ['og:type', 'website'],
        ['og:site_name', t.site],
        ['og:locale', OG_LOCALE[language]],
        ['og:title', title],
        ['og:description', description],
        ['og:url', canonical],
      ];
      if (photo)
        og.push(['og:image', photo.url], ['og:image:width', String(photo.width)], ['og:image:height', String(photo.height)], ['og:image:alt', listingTitle]);
      for (const [property, content] of og) tags.push(`<meta property="${property}" content="${attr(content)}">`);
      const twitter: Array<[string, string]> = [
        ['twitter:card', photo ? 'summary_large_image' : 'summary'],
        ['twitter:title', title],
        ['twitter:description', description],
      ];
      if (photo) twitter.push(['twitter:image', photo.url]);
      for (const [name, content] of twitter) tags.push(`<meta name="${name}" content="${attr(content)}">`);

      const residence = {
        '@type': SCHEMA_TYPE[listing.type] ?? 'Accommodation',
        name: listingTitle,
        description: shorten(listing.description, 500) || description,
        ...(listing.bedrooms !== null ? { numberOfBedrooms: listing.bedrooms } : {}),
        ...(listing.bathrooms !== null ? { numberOfBathroomsTotal: listing.bathrooms } : {}),
        ...(listing.area_sqm !== null ? { floorSize: { '@type': 'QuantitativeValue', value: listing.area_sqm, unitCode: 'MTK' } } : {}),
        address: { '@type': 'PostalAddress', addressLocality: 'Addis Ababa', addressRegion: listing.subcity, addressCountry: 'ET' },
        ...(photo ? { image: photo.url } : {}),
      };
      const offer = {
        '@context': 'https://schema.org',
        '@type': 'Offer',
        businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
        url: canonical,
        price: listing.price_etb,
        priceCurrency: 'ETB',
        priceSpecification: { '@type': 'UnitPriceSpecification', price: listing.price_etb, priceCurrency: 'ETB', unitCode: 'MON' },
        availability: 'https://schema.org/InStock',
        itemOffered: residence,
      };
      tags.push(`<script type="application/ld+json">${scriptJson(JSON.stringify(offer))}</script>`);
      return tags.join('');
    },
  };
}
