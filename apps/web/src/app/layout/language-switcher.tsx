import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { isNewTabPress } from '@/components/ui/app-link';
import { LANGUAGE_PARAM, LANGUAGES, type Language } from '@betoch/contracts/constants';
import styles from './language-switcher.module.css';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', am: 'አማርኛ' };

export type LanguageSwitcherVariant =
  /** Both languages side by side, the current one marked (the bare pages, the desktop bar). */
  | 'both'
  /** One link that names the other language in its own script (the phone's top bar). */
  | 'toggle';

/** This page in another language: its address with `?lng=`, which the server draws in that language and keeps in the language cookie. */
function inLanguage(pathname: string, search: string, lng: Language): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, lng);
  return `${pathname}?${params.toString()}`;
}

/**
 * The language choice, remembered under i18nextLng; a group named 'Language' either way. Each
 * language is a link to this page in it (`?lng=am`): it works before the app has started and
 * without JavaScript (the server draws the page in that language and sets the cookie); once the
 * app is live it switches in place. It sits in the page's flow (top bar, or the row at the top of
 * a bare page), never floating over it.
 */
export function LanguageSwitcher({ variant = 'both', onDark = false }: { variant?: LanguageSwitcherVariant; onDark?: boolean }) {
  const { t, i18n } = useTexts('common');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current: Language = i18n.resolvedLanguage === 'am' ? 'am' : 'en';
  const className = [styles.switcher, onDark && styles.onDark, variant === 'toggle' && styles.toggle].filter(Boolean).join(' ');
  const choose = (lng: Language) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (isNewTabPress(event)) return;
    event.preventDefault();
    void i18n.changeLanguage(lng);
    // An address that names a language keeps naming the one shown (a reload, a shared link).
    if (new URLSearchParams(search).has(LANGUAGE_PARAM)) void navigate(inLanguage(pathname, search, lng), { replace: true });
  };
  const option = (lng: Language) => (
    <AppLink
      key={lng}
      to={inLanguage(pathname, search, lng)}
      lang={lng}
      hrefLang={lng}
      className={styles.option}
      aria-current={variant === 'both' && current === lng ? 'true' : undefined}
      onClick={choose(lng)}
    >
      {NATIVE_NAMES[lng]}
    </AppLink>
  );
  return (
    <div role="group" aria-label={t('language.label')} className={className}>
      {variant === 'toggle' ? option(current === 'am' ? 'en' : 'am') : LANGUAGES.map(option)}
    </div>
  );
}
