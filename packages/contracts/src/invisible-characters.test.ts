import { describe, expect, it } from 'vitest';
import { ZUpdateAccountRequest } from './account.ts';
import { ZSignupFields } from './auth.ts';
import { dropInvisible } from './invisible-characters.ts';
import { ZCreateListingRequest, ZUpdateListingRequest } from './listings.ts';
import { ZCreateSavedSearchRequest, ZUpdateSavedSearchRequest } from './saved-searches.ts';

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
const OTHER_INVISIBLE = ['\u200b', '\u200c', '\u2060', '\ufeff', '\u00ad', '\u2061'];

describe('dropInvisible', () => {
  it('drops every bidirectional control and the other invisible format characters', () => {
    for (const c of [...BIDI, ...OTHER_INVISIBLE]) expect(dropInvisible(`Ab${c}ebe`), `U+${c.codePointAt(0)!.toString(16)}`).toBe('Abebe');
    expect(dropInvisible('\u202eevil.com\u202c')).toBe('evil.com');
  });

  it('keeps Amharic, Latin, digits, spaces, emoji and the joiner of an emoji sequence', () => {
    for (const text of ['አበበ በቀለ', 'ቤቶች ሪል እስቴት 2', 'Bole Homes', 'Family 👨\u200d👩\u200d👧', '❤️ Home']) expect(dropInvisible(text)).toBe(text);
  });
});

describe('the schemas of stored names and listing text drop them before checking', () => {
  const rlo = '\u202e';
  it('display name and agency name (signup and profile)', () => {
    const signup = ZSignupFields.parse({
      phone: '0911223344',
      code: '123456',
      name: `${rlo}Abebe\u2066`,
      userType: 'delala',
      agencyName: `\u200fBole${rlo}`,
      acceptTerms: true,
    });
    expect([signup.name, signup.agencyName]).toEqual(['Abebe', 'Bole']);
    const profile = ZUpdateAccountRequest.parse({ name: `Hana\u2068`, agencyName: `\u061cAgency` });
    expect([profile.name, profile.agencyName]).toEqual(['Hana', 'Agency']);
    // A name of nothing but invisible characters is no name.
    expect(ZUpdateAccountRequest.safeParse({ name: `${rlo}\u2066 ` }).success).toBe(false);
  });

  it('saved-search names', () => {
    expect(ZCreateSavedSearchRequest.parse({ name: `Bole${rlo} 2BR`, filters: {} }).name).toBe('Bole 2BR');
    expect(ZUpdateSavedSearchRequest.parse({ name: `\u2067Kazanchis` }).name).toBe('Kazanchis');
  });

  it('listing title, description and specific location', () => {
    const base = {
      title: `Nice${rlo} flat`,
      description: `Near\u200b the\u2069 road`,
      type: 'apartment',
      price_etb: 5000,
      subcity: 'Bole',
      specific_location: `\u2066Edna Mall`,
    };
    const created = ZCreateListingRequest.parse(base);
    expect([created.title, created.description, created.specific_location]).toEqual(['Nice flat', 'Near the road', 'Edna Mall']);
    const updated = ZUpdateListingRequest.parse({ title: `${rlo}Flat`, description: `A${rlo}`, specific_location: `\u202dCMC` });
    expect([updated.title, updated.description, updated.specific_location]).toEqual(['Flat', 'A', 'CMC']);
  });
});
