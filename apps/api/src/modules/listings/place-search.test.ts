import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { GEEZ_FOLD_FROM, GEEZ_FOLD_TO, normalizePlace, PLACE_TEXT_SQL, placeFoldSql } from '../../db/place-fold.ts';
import { expandPlaceQuery, placeGramsOf, PLACES } from './place-search.ts';

describe('normalizePlace', () => {
  it('folds case, spaces and punctuation', () => {
    expect(normalizePlace('  Sar Bet ')).toBe(normalizePlace('sarbet'));
    expect(normalizePlace('BOLE')).toBe('bole');
    expect(normalizePlace('C.M.C')).toBe('cmc');
    expect(normalizePlace('ሲ ኤም ሲ')).toBe(normalizePlace('ሲኤምሲ'));
    expect(normalizePlace('4 ኪሎ፡')).toBe('4ኪሎ');
  });

  it('makes doubled Latin letters single, but keeps numbers', () => {
    expect(normalizePlace('Piassa')).toBe(normalizePlace('Piasa'));
    expect(normalizePlace('Jemmo')).toBe('jemo');
    expect(normalizePlace('22')).toBe('22');
  });

  it("folds the Ge'ez letters written for the same sound, in every order", () => {
    // ሀ / ሃ / ሐ / ሓ / ኀ / ኃ
    expect(new Set(['ሀያ', 'ሃያ', 'ሐያ', 'ሓያ', 'ኀያ', 'ኃያ'].map(normalizePlace)).size).toBe(1);
    expect(normalizePlace('ሑ')).toBe('ሁ');
    expect(normalizePlace('ኆ')).toBe('ሆ');
    // ሰ / ሠ
    expect(normalizePlace('ሠሚት')).toBe(normalizePlace('ሰሚት'));
    expect(normalizePlace('ሡ')).toBe('ሱ');
    // አ / ኣ / ዐ / ዓ
    expect(new Set(['አያት', 'ኣያት', 'ዐያት', 'ዓያት'].map(normalizePlace)).size).toBe(1);
    expect(normalizePlace('ዑ')).toBe('ኡ');
    // ጸ / ፀ
    expect(normalizePlace('ፀሐይ')).toBe(normalizePlace('ጸሀይ'));
    // Different sounds stay different.
    expect(normalizePlace('ቦሌ')).not.toBe(normalizePlace('ቦላ'));
    expect(normalizePlace('ሰ')).not.toBe(normalizePlace('ሸ'));
  });

  it('is the very fold of the stored place_text column (migration 0008)', () => {
    const migration = fs.readFileSync(new URL('../../../migrations/0008_masked_text.sql', import.meta.url), 'utf8');
    expect(migration).toContain(PLACE_TEXT_SQL);
    expect(PLACE_TEXT_SQL).toBe(placeFoldSql(`replace(coalesce(title_masked, '') || ' ' || coalesce(specific_location_masked, ''), '${CONTACT_MASK}', ' ')`));
  });

  it('is the text the stored place_grams column is cut from (migration 0020)', () => {
    const migration = fs.readFileSync(new URL('../../../migrations/0020_browse_indexes.sql', import.meta.url), 'utf8');
    expect(migration).toContain(`betoch_place_grams(\n  ${PLACE_TEXT_SQL}\n))`);
  });

  it('looks a term up by its pieces of three letters, or itself when it has two', () => {
    expect(placeGramsOf(normalizePlace('Megenagna')).sort()).toEqual(['meg', 'ege', 'gen', 'ena', 'nag', 'agn', 'gna'].sort());
    expect(placeGramsOf(normalizePlace('ቦሌ'))).toEqual(['ቦሌ']);
    expect(placeGramsOf('a')).toEqual([]);
  });

  it('gives the SQL translate() map one target per source letter', () => {
    expect([...GEEZ_FOLD_FROM].length).toBe([...GEEZ_FOLD_TO].length);
    expect(new Set([...GEEZ_FOLD_FROM]).size).toBe([...GEEZ_FOLD_FROM].length);
  });
});

describe('expandPlaceQuery', () => {
  it("finds the same place from Ge'ez and Latin spellings", () => {
    for (const q of ['መገናኛ', 'Megenagna', 'megenagnya', 'MEGENAGNA']) expect(expandPlaceQuery(q)?.places).toEqual(['Megenagna']);
    for (const q of ['ፒያሳ', 'Piassa', 'Piazza', 'piasa']) expect(expandPlaceQuery(q)?.places).toEqual(['Piassa']);
    for (const q of ['4 ኪሎ', 'አራት ኪሎ', 'Arat Kilo', '4 kilo']) expect(expandPlaceQuery(q)?.places).toEqual(['Arat Kilo']);
    for (const q of ['ሃያ ሁለት', 'ሀያ ሁለት', '22', 'Haya Hulet']) expect(expandPlaceQuery(q)?.places).toEqual(['22']);
    expect(expandPlaceQuery('ሲኤምሲ')?.places).toEqual(['CMC']);
  });

  it('answers every spelling as a search term, so text in the other script is found', () => {
    const terms = expandPlaceQuery('Megenagna')!.terms;
    expect(terms).toContain(normalizePlace('መገናኛ'));
    // 'megenagna' is covered by the shorter 'megenagn' (a term inside another adds nothing).
    expect(terms.some((term) => 'megenagnya'.includes(term))).toBe(true);
    expect(terms.some((term) => 'megenagna'.includes(term))).toBe(true);
    const fromAmharic = expandPlaceQuery('መገናኛ')!.terms;
    expect(new Set(fromAmharic)).toEqual(new Set(terms));
  });

  it('names the subcity for subcity names only', () => {
    expect(expandPlaceQuery('ቦሌ')?.subcities).toEqual(['Bole']);
    expect(expandPlaceQuery('Nifas Silk')?.subcities).toEqual(['Nefas Silk-Lafto']);
    expect(expandPlaceQuery('Megenagna')?.subcities).toEqual([]);
  });

  it('completes a started name from three letters on', () => {
    expect(expandPlaceQuery('Megen')?.places).toEqual(['Megenagna']);
    expect(expandPlaceQuery('Me')?.places).toEqual([]);
  });

  it('keeps an unknown word as its own term, and ignores a query with nothing to search', () => {
    expect(expandPlaceQuery('Zefmesh')).toEqual({ terms: ['zefmesh'], subcities: [], places: [] });
    expect(expandPlaceQuery(' ፡ ,.% ')).toBeNull();
  });

  it("has the ten subcities and Ge'ez spellings for every place", () => {
    expect(PLACES.filter((p) => p.subcity)).toHaveLength(10);
    for (const p of PLACES)
      expect(
        p.spellings.some((s) => /[\u1200-\u137f]/u.test(s)),
        p.name,
      ).toBe(true);
  });
});
