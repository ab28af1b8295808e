import { useTranslation } from 'react-i18next';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import styles from './language-switcher.module.css';

/** Data saver on/off for this device (lib/data-saver): a toggle button beside the language. */
export function DataSaverToggle() {
  const { t } = useTranslation('common');
  const on = useDataSaver();
  return (
    <div className={`${styles.switcher} ${styles.onDark}`}>
      <button type="button" className={styles.option} aria-pressed={on} title={t('dataSaver.hint')} onClick={() => setDataSaver(!on)}>
        {t('dataSaver.label')}
      </button>
    </div>
  );
}
