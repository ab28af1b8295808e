import { describe, expect, it } from 'vitest';
import { bathroomsFromChoice, bedroomsFromChoice, generatedTitle, toListingType } from './property-types';

describe('wizard type mapping', () => {
  it.each([
    ['apartment', '2', 'apartment', 2],
    ['house', '3', 'villa', 3],
    ['villa', '5+', 'villa', 5],
    ['condominium', '1', 'condo', 1],
  ] as const)('%s with %s bedrooms is stored as %s with %i bedrooms', (offered, choice, type, bedrooms) => {
    expect(toListingType(offered, choice)).toEqual({ type, bedrooms });
  });

  it('stores a studio as an apartment with 0 bedrooms, whatever the bedroom field says', () => {
    expect(toListingType('studio', '')).toEqual({ type: 'apartment', bedrooms: 0 });
    expect(toListingType('studio', '3')).toEqual({ type: 'apartment', bedrooms: 0 });
  });

  it('reads the studio choice of the bedroom field as 0 bedrooms for an apartment', () => {
    expect(toListingType('apartment', 'studio')).toEqual({ type: 'apartment', bedrooms: 0 });
  });

  it('reads 5+ bedrooms as 5 and 4+ bathrooms as 4; nothing chosen is no count', () => {
    expect(bedroomsFromChoice('5+')).toBe(5);
    expect(bathroomsFromChoice('4+')).toBe(4);
    expect(bedroomsFromChoice('')).toBeNull();
    expect(bathroomsFromChoice('')).toBeNull();
    expect(bathroomsFromChoice('studio')).toBeNull();
  });
});

describe('listing title', () => {
  it("is the generated '{Type} in {subcity}' of the type as stored, its English form kept as the title", () => {
    expect(generatedTitle('apartment', '2', 'Bole')).toEqual({
      title: 'Apartment in Bole',
      title_generated: true,
      type: 'apartment',
      bedrooms: 2,
      subcity: 'Bole',
    });
    expect(generatedTitle('studio', '', 'Nefas Silk-Lafto')).toMatchObject({ title: 'Studio in Nefas Silk-Lafto', type: 'apartment', bedrooms: 0 });
    expect(generatedTitle('condominium', '3', ' Yeka ')).toMatchObject({ title: 'Condominium in Yeka', type: 'condo', subcity: 'Yeka' });
    // A house is stored as a villa, and its title says what visitors see.
    expect(generatedTitle('house', '3', 'Arada')).toMatchObject({ title: 'Villa in Arada', type: 'villa' });
  });
});
