import { useTexts } from '@/lib/use-texts';
import { useOnline } from '@/lib/network-status';
import styles from './offline-banner.module.css';

/** Under the top bar while the phone is offline: what still works (docs/offline.md). */
export function OfflineBanner() {
  const { t } = useTexts('common');
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : styles.banner}>
      {online ? null : t('offline.banner')}
    </div>
  );
}
