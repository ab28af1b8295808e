import type { ListingType, PropertyTypeOffered } from './constants.ts';

/**
 * Listing titles the app makes. The posting wizard names a home '{Type} in {subcity}';
 * such a title is stored with `title_generated` and composed again, in the
 * reader's language, wherever it is shown: 'Apartment in Bole' / 'በቦሌ የሚገኝ አፓርትመንት'. A title
 * the poster typed is shown exactly as typed.
 *
 * The words of each language are the web's locale texts (common.json, `listingTitle`): the web
 * composes with its `t` (apps/web/src/lib/listing-title.ts), the server's page head with the same
 * files read from the build (titleWordsFrom). English is also what the title column keeps (so the
 * place search, admin screens and any older client read a sensible title): englishListingTitle,
 * which a test holds equal to the English locale text, and migration 0013 repeats in SQL.
 */

/** What a generated title is made of. */
export interface TitleParts {
  type: ListingType;
  /** 0 = studio. */
  bedrooms?: number | null;
  subcity: string;
}

/** A listing as far as its title goes. */
export interface TitledListing extends TitleParts {
  title: string;
  title_generated?: boolean;
}

/**
 * The word a title names the home by, one of the five types offered: an apartment with 0 bedrooms
 * is a studio (the wizard's studio is stored so), a condo is a condominium.
 */
export function titleTypeKey(type: ListingType, bedrooms: number | null | undefined): PropertyTypeOffered {
  if (type === 'condo' || type === 'condominium') return 'condominium';
  if (type === 'apartment' && bedrooms === 0) return 'studio';
  return type;
}

/** The words of one language: the pattern with {{type}} and {{subcity}}, each type's word, each subcity's name. */
export interface TitleWords {
  pattern: string;
  type: (key: PropertyTypeOffered) => string;
  subcity: (name: string) => string;
}

/** The generated title of these parts in these words. */
export function composeListingTitle(parts: TitleParts, words: TitleWords): string {
  const values: Record<string, string> = {
    type: words.type(titleTypeKey(parts.type, parts.bedrooms)),
    subcity: words.subcity(parts.subcity),
  };
  return words.pattern.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

/** The title a reader sees: composed in their words when the app made it, else as the poster typed it. */
export function listingTitleIn(listing: TitledListing, words: TitleWords): string {
  return listing.title_generated ? composeListingTitle(listing, words) : listing.title;
}

/** English, as the title column keeps a generated title: 'Apartment in Bole', 'Studio in Yeka'. */
export const ENGLISH_TITLE_WORDS: TitleWords = {
  pattern: '{{type}} in {{subcity}}',
  type: (key) => key.charAt(0).toUpperCase() + key.slice(1),
  subcity: (name) => name,
};

export function englishListingTitle(parts: TitleParts): string {
  return composeListingTitle(parts, ENGLISH_TITLE_WORDS);
}

/** The `listingTitle` object of a locale file (common.json). */
export interface TitleTexts {
  generated: string;
  types: Partial<Record<string, string>>;
  subcities: Partial<Record<string, string>>;
}

/** Words from a locale file's texts; a word it lacks falls back to the English one. */
export function titleWordsFrom(texts: TitleTexts): TitleWords {
  return {
    pattern: texts.generated,
    type: (key) => (Object.hasOwn(texts.types, key) ? texts.types[key] : undefined) ?? ENGLISH_TITLE_WORDS.type(key),
    subcity: (name) => (Object.hasOwn(texts.subcities, name) ? texts.subcities[name] : undefined) ?? name,
  };
}
