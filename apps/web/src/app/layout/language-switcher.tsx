import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@betoch/contracts/constants';
import styles from './language-switcher.module.css';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', am: 'አማርኛ' };

/** English / Amharic buttons; the choice is remembered under i18nextLng. */
export function LanguageSwitcher({ floating = false, onDark = false }: { floating?: boolean; onDark?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current = i18n.resolvedLanguage === 'am' ? 'am' : 'en';
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={[styles.switcher, floating && styles.floating, onDark && styles.onDark].filter(Boolean).join(' ')}
    >
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
