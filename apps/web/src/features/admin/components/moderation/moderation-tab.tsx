import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { CaseStatus } from '@betoch/contracts/admin';
import { Skeleton } from '@/components/ui/skeleton';
import { useModerationCases } from '../../api/moderation';
import { useFaydaRevocations } from '../../api/fayda-revocations';
import { CaseCard } from './case-card';
import { FaydaRevocations } from '../fayda/fayda-revocations';
import styles from '../admin.module.css';
import { QueryStates } from '../query-states';
import { TabHead } from '../tab-head';
import { RecordList } from '@/components/ui/record-list';

/**
 * Tab 1: open or closed moderation cases, newest first, each with its actions; the Fayda
 * revocations waiting for a second admin come first, and those decided lately.
 */
export function ModerationTab() {
  const { t } = useTexts('admin');
  const [status, setStatus] = useState<CaseStatus>('open');
  const cases = useModerationCases(status);
  const revocations = useFaydaRevocations();
  const refresh = () => {
    void cases.refetch();
    void revocations.refetch();
  };
  const [done, setDone] = useState<string | null>(null);

  return (
    <div>
      <TabHead onRefresh={refresh} refreshing={cases.isFetching && !cases.isPending} done={done}>
        <div className={styles.segmented} role="group" aria-label={t('moderation.statusLabel')}>
          {(['open', 'closed'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setDone(null);
              }}
            >
              {t(`moderation.${value}`)}
            </button>
          ))}
        </div>
      </TabHead>

      <FaydaRevocations onDone={setDone} />

      <QueryStates
        query={cases}
        failedTitle={t('moderation.loadFailed')}
        isEmpty={(data) => data.items.length === 0}
        empty={t(status === 'open' ? 'moderation.emptyOpen' : 'moderation.emptyClosed')}
        pending={
          <div className={styles.stack} role="status" aria-label={t('common.loading')}>
            <Skeleton height={180} radius={12} />
            <Skeleton height={180} radius={12} />
          </div>
        }
      >
        {(data) => (
          <>
            <p className={styles.count} aria-live="polite">
              {t('moderation.count', { count: data.items.length })}
            </p>
            <RecordList items={data.items} className={styles.stack}>
              {(item) => <CaseCard moderationCase={item} onDone={setDone} />}
            </RecordList>
          </>
        )}
      </QueryStates>
    </div>
  );
}
