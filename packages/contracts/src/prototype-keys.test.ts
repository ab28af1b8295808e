import { describe, expect, it } from 'vitest';
import { normalizeSubcity } from './constants.ts';
import { isErrorCode } from './errors.ts';
import { ZBrowseQuery, ZCreateListingRequest } from './listings.ts';

/** Names every plain object answers to; a user's text must not find them in a lookup table. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

describe('lookups by a user text find only their own entries', () => {
  it('no prototype name is a subcity, in any case or spacing', () => {
    for (const key of PROTOTYPE_KEYS) {
      expect(normalizeSubcity(key), key).toBeUndefined();
      expect(normalizeSubcity(` ${key.toUpperCase()} `), key).toBeUndefined();
    }
    expect(normalizeSubcity(' gulele ')).toBe('Gullele');
    expect(normalizeSubcity('NIFAS   SILK LAFTO')).toBe('Nefas Silk-Lafto');
  });

  it('the browse query and the listing form refuse them as a subcity (a validation error, not a crash)', () => {
    for (const key of PROTOTYPE_KEYS) {
      const browse = ZBrowseQuery.safeParse({ subcity: key });
      expect(browse.success, key).toBe(false);
      const form = ZCreateListingRequest.safeParse({ subcity: key });
      expect(form.success, key).toBe(false);
    }
  });

  it('no prototype name is an error code', () => {
    for (const key of PROTOTYPE_KEYS) expect(isErrorCode(key), key).toBe(false);
    expect(isErrorCode('rate_limited')).toBe(true);
  });
});
