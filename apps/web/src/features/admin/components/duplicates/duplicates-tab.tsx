import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDuplicateClusters } from '../../api/duplicates';
import { LoadFailure } from '../load-failure';
import { ClusterCard } from './cluster-card';
import styles from '../admin.module.css';

/** Tab 2: duplicate clusters awaiting review, oldest first. */
export function DuplicatesTab() {
  const { t } = useTexts('admin');
  const clusters = useDuplicateClusters();
  const [done, setDone] = useState<string | null>(null);
  const items = clusters.data?.items ?? [];

  return (
    <div>
      <div className={styles.toolbar}>
        <p className={styles.count}>{clusters.isSuccess ? t('duplicates.count', { count: items.length }) : null}</p>
        <Button small variant="secondary" onClick={() => void clusters.refetch()} loading={clusters.isFetching && !clusters.isPending}>
          {t('common.refresh')}
        </Button>
      </div>
      <div aria-live="polite" aria-atomic="true">{done ? <Alert tone="success" title={done} /> : null}</div>
      {clusters.isPending ? (
        <div className={styles.stack} role="status" aria-label={t('common.loading')}>
          <Skeleton height={220} radius={12} />
        </div>
      ) : clusters.isError ? (
        <LoadFailure title={t('duplicates.loadFailed')} error={clusters.error} onRetry={() => void clusters.refetch()} retrying={clusters.isFetching} />
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t('duplicates.empty')}</p>
      ) : (
        <ul className={styles.stack}>
          {items.map((cluster) => (
            <li key={cluster._id}>
              <ClusterCard cluster={cluster} onDone={setDone} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
