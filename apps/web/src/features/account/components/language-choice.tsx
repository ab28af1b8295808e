import { useTexts } from '@/lib/use-texts';
import { LANGUAGES, type Language } from '@betoch/contracts/constants';
import styles from './account.module.css';

const NATIVE_NAMES: Record<Language, string> = { en: 'English', am: 'አማርኛ' };

/** The app's language (remembered on this device, as the top bar's switcher does). */
export function LanguageChoice() {
  const { t, i18n } = useTexts('account');
  const current: Language = i18n.resolvedLanguage === 'am' ? 'am' : 'en';
  return (
    <fieldset className={styles.languages}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LANGUAGES.map((lng) => (
        <label key={lng} className={styles.language} lang={lng}>
          <input type="radio" name="language" value={lng} checked={current === lng} onChange={() => void i18n.changeLanguage(lng)} />
          {NATIVE_NAMES[lng]}
        </label>
      ))}
    </fieldset>
  );
}
