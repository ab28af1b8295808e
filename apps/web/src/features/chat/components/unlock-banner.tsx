import { useTexts } from '@/lib/use-texts';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import styles from './thread-page.module.css';

/** The offer to unlock the owner's replies, with the button's busy state. */
export function UnlockBanner({ unlocking, onUnlock }: { unlocking: boolean; onUnlock: () => void }) {
  const { t } = useTexts('chat');
  return (
    <section className={styles.unlock} aria-labelledby="unlock-title" data-testid="unlock-banner">
      <div className={styles.unlockIcon} aria-hidden="true">
        <LockIcon size={22} />
      </div>
      <div className={styles.unlockBody}>
        <h2 id="unlock-title" className={styles.unlockTitle}>
          {t('unlock.title')}
        </h2>
        <p className={styles.unlockText}>{t('unlock.text')}</p>
        <Button variant="gold" onClick={onUnlock} loading={unlocking} className={styles.unlockButton}>
          {unlocking ? t('unlock.unlocking') : t('unlock.button')}
        </Button>
      </div>
    </section>
  );
}
