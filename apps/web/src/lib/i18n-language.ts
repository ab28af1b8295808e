import { FALLBACK_LANGUAGE, type Language } from '@betoch/contracts/constants';

/** 'am', 'am-ET' -> 'am'; anything else -> the fallback, English. */
export function toLanguage(lng: string | undefined): Language {
  return lng?.toLowerCase().startsWith('am') ? 'am' : FALLBACK_LANGUAGE;
}
