import { useTexts } from '@/lib/use-texts';
import { applyUpdate, useUpdateReady } from '@/lib/service-worker';
import styles from './offline-banner.module.css';

/** A new version has installed and waits: offered here, taken on Reload (or the next visit). */
export function UpdatePrompt() {
  const { t } = useTexts('common');
  if (!useUpdateReady()) return null;
  return (
    <div role="status" className={styles.update}>
      <span>{t('update.ready')}</span>
      <button type="button" className={styles.reload} onClick={applyUpdate}>
        {t('update.reload')}
      </button>
    </div>
  );
}
