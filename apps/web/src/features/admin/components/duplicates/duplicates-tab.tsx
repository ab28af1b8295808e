import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDuplicateClusters } from '../../api/duplicates';
import { ClusterCard } from './cluster-card';
import styles from '../admin.module.css';
import { QueryStates } from '../query-states';
import { RecordList } from '@/components/ui/record-list';

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
      <QueryStates
        query={clusters}
        failedTitle={t('duplicates.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('duplicates.empty')}
        pending={
          <div className={styles.stack} role="status" aria-label={t('common.loading')}>
            <Skeleton height={220} radius={12} />
          </div>
        }
      >
        {(data) => (
          <RecordList items={data.items} className={styles.stack}>
            {(cluster) => <ClusterCard cluster={cluster} onDone={setDone} />}
          </RecordList>
        )}
      </QueryStates>
    </div>
  );
}
