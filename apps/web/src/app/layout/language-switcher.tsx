import { useTexts } from '@/lib/use-texts';
import { LANGUAGES, type Language } from '@betoch/contracts/constants';
import styles from './language-switcher.module.css';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', am: 'አማርኛ' };

export type LanguageSwitcherVariant =
  /** Both languages side by side, the current one pressed (the bare pages, the desktop bar). */
  | 'both'
  /** One button that names the other language in its own script (the phone's top bar). */
  | 'toggle';

/**
 * The language choice, remembered under i18nextLng; a group named 'Language' either way. It sits
 * in the page's flow (top bar, or the row at the top of a bare page), never floating over it.
 */
export function LanguageSwitcher({ variant = 'both', onDark = false }: { variant?: LanguageSwitcherVariant; onDark?: boolean }) {
  const { t, i18n } = useTexts('common');
  const current: Language = i18n.resolvedLanguage === 'am' ? 'am' : 'en';
  const className = [styles.switcher, onDark && styles.onDark, variant === 'toggle' && styles.toggle].filter(Boolean).join(' ');
  if (variant === 'toggle') {
    const other: Language = current === 'am' ? 'en' : 'am';
    return (
      <div role="group" aria-label={t('language.label')} className={className}>
        <button type="button" lang={other} className={styles.option} onClick={() => void i18n.changeLanguage(other)}>
          {NATIVE_NAMES[other]}
        </button>
      </div>
    );
  }
  return (
    <div role="group" aria-label={t('language.label')} className={className}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          className={styles.option}
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {NATIVE_NAMES[lng]}
        </button>
      ))}
    </div>
  );
}
