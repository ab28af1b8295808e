import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Skeleton } from '@/components/ui/skeleton';
import { useDuplicateClusters } from '../../api/duplicates';
import { ClusterCard } from './cluster-card';
import styles from '../admin.module.css';
import { QueryStates } from '../query-states';
import { TabHead } from '../tab-head';
import { RecordList } from '@/components/ui/record-list';

/** Tab 2: duplicate clusters awaiting review, oldest first. */
export function DuplicatesTab() {
  const { t } = useTexts('admin');
  const clusters = useDuplicateClusters();
  const [done, setDone] = useState<string | null>(null);
  const items = clusters.data?.items ?? [];

  return (
    <div>
      <TabHead onRefresh={() => void clusters.refetch()} refreshing={clusters.isFetching && !clusters.isPending} done={done}>
        <p className={styles.count}>{clusters.isSuccess ? t('duplicates.count', { count: items.length }) : null}</p>
      </TabHead>
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
