import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTexts } from '@/lib/use-texts';
import { Skeleton } from '@/components/ui/skeleton';
import { useDelalaAccounts, usePendingAdjustments } from '../../api/payments';
import { LoadFailure } from '../load-failure';
import { TabHead } from '../tab-head';
import { TitledSection } from '../titled-section';
import { AdjustmentForm } from './adjustment-form';
import { DelalaTable } from './delala-table';
import { PendingAdjustments } from './pending-adjustments';
import { PurchasesList } from './purchases-list';
import { RefundClaims } from './refund-claims';
import styles from '../admin.module.css';

/** A titled section of the tab: a placeholder while its query loads, its content once loaded (a failure shows above, once for all). */
function LoadedSection<D>({ id, title, query, children }: { id: string; title: string; query: UseQueryResult<D>; children: (data: D) => ReactNode }) {
  return (
    <TitledSection id={id} title={title}>
      {query.isPending ? <Skeleton height={160} radius={12} /> : query.isSuccess ? children(query.data) : null}
    </TitledSection>
  );
}

/** Tab 3: broker accounts and their posting block, the four-eyes adjustment form, pending adjustments, purchases. */
export function PaymentsTab() {
  const { t } = useTexts('admin');
  const accounts = useDelalaAccounts();
  const pending = usePendingAdjustments();
  const [done, setDone] = useState<string | null>(null);
  const failed = accounts.isError ? accounts : pending.isError ? pending : null;
  const refetch = () => {
    void accounts.refetch();
    void pending.refetch();
  };
  const fetching = accounts.isFetching || pending.isFetching;

  return (
    <div>
      <TabHead onRefresh={refetch} refreshing={fetching && !accounts.isPending && !pending.isPending} done={done} />
      {failed ? <LoadFailure title={t('payments.loadFailed')} error={failed.error} onRetry={refetch} retrying={fetching} /> : null}

      <LoadedSection id="delala-title" title={t('payments.delalaTitle')} query={accounts}>
        {(data) => <DelalaTable accounts={data.items} onDone={setDone} />}
      </LoadedSection>

      <div className={styles.twoColumns}>
        <AdjustmentForm onDone={setDone} />
        <LoadedSection id="pending-title" title={t('payments.pendingTitle')} query={pending}>
          {(data) => <PendingAdjustments items={data.items} onDone={setDone} />}
        </LoadedSection>
      </div>

      <RefundClaims onDone={setDone} />

      <PurchasesList onDone={setDone} />
    </div>
  );
}
