import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '@betoch/contracts/constants';
import { detectLanguage, rememberLanguage, toLanguage } from './i18n-language';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});

describe('the interface language at start', () => {
  it('is the one chosen on this device, whatever the browser says', () => {
    browserLanguages(['en-US']);
    localStorage.setItem(STORAGE_KEYS.language, 'am');
    expect(detectLanguage()).toBe('am');
  });

  it("is the page URL's own (?lng=), over the device's choice and the browser's", () => {
    browserLanguages(['en-US']);
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    window.history.replaceState(null, '', '/browse?subcity=Bole&lng=am');
    try {
      expect(detectLanguage()).toBe('am');
      window.history.replaceState(null, '', '/browse?lng=xx');
      expect(detectLanguage()).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('is the first of the browser languages the app has texts in', () => {
    browserLanguages(['fr-FR', 'am-ET', 'en']);
    expect(detectLanguage()).toBe('am');
    browserLanguages(['de', 'en-GB', 'am']);
    expect(detectLanguage()).toBe('en');
  });

  it('is English when nothing matches, or the stored choice is not one the app has', () => {
    browserLanguages(['fr', 'de']);
    expect(detectLanguage()).toBe('en');
    localStorage.setItem(STORAGE_KEYS.language, 'xx');
    browserLanguages(['am']);
    expect(detectLanguage()).toBe('am');
  });

  it('falls back to the browser when storage is refused', () => {
    browserLanguages(['am-ET']);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(detectLanguage()).toBe('am');
  });
});

describe('remembering the language', () => {
  it('keeps it in storage for the app and in a cookie for the server', () => {
    rememberLanguage('am-ET');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('am');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=am`);
    rememberLanguage('en');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
  });
});

describe('a language tag as one of ours (dates, money and the page language follow it)', () => {
  it('is Amharic for any Amharic tag and English for everything else', () => {
    expect(['am', 'am-ET', 'AM_et'].map(toLanguage)).toEqual(['am', 'am', 'am']);
    expect(['en', 'en-GB', 'fr', 'amx', '', undefined].map(toLanguage)).toEqual(['en', 'en', 'en', 'en', 'en', 'en']);
  });
});
