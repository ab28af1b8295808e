import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import styles from './admin.module.css';

/**
 * The head of an admin tab: what stands on the left of the toolbar (a count, a filter), the
 * Refresh button, and (on tabs with actions) the last action's confirmation, read out when it changes.
 */
export function TabHead({ children, onRefresh, refreshing, done }: { children?: ReactNode; onRefresh: () => void; refreshing: boolean; done?: string | null }) {
  const { t } = useTexts('admin');
  return (
    <>
      <div className={styles.toolbar}>
        {children ?? <span />}
        <Button small variant="secondary" onClick={onRefresh} loading={refreshing}>
          {t('common.refresh')}
        </Button>
      </div>
      {done === undefined ? null : (
        <div aria-live="polite" aria-atomic="true">
          {done ? <Alert tone="success" title={done} /> : null}
        </div>
      )}
    </>
  );
}
