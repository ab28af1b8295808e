import { useTranslation } from 'react-i18next';
import { DataSaverIcon } from '@/components/ui/icons';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import styles from './language-switcher.module.css';

/**
 * Data saver on/off for this device (lib/data-saver): a toggle button beside the language. In the
 * phone strip (`compact`) it is a 44 px icon button whose name stays "Data saver" for screen
 * readers, so the language switcher beside it is never pushed out of a 360 px screen.
 */
export function DataSaverToggle({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const on = useDataSaver();
  return (
    <div className={`${styles.switcher} ${styles.onDark}`}>
      <button
        type="button"
        className={`${styles.option} ${compact ? styles.iconOption : ''}`}
        aria-pressed={on}
        title={t('dataSaver.hint')}
        onClick={() => setDataSaver(!on)}
      >
        {compact ? <DataSaverIcon size={20} /> : null}
        <span className={compact ? 'visually-hidden' : undefined}>{t('dataSaver.label')}</span>
      </button>
    </div>
  );
}
