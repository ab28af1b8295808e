import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDelalaAccounts, usePendingAdjustments } from '../../api/payments';
import { LoadFailure } from '../load-failure';
import { AdjustmentForm } from './adjustment-form';
import { DelalaTable } from './delala-table';
import { PendingAdjustments } from './pending-adjustments';
import { PurchasesList } from './purchases-list';
import { RefundClaims } from './refund-claims';
import styles from '../admin.module.css';

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
      <div className={styles.toolbar}>
        <span />
        <Button small variant="secondary" onClick={refetch} loading={fetching && !accounts.isPending && !pending.isPending}>
          {t('common.refresh')}
        </Button>
      </div>
      <div aria-live="polite" aria-atomic="true">{done ? <Alert tone="success" title={done} /> : null}</div>
      {failed ? <LoadFailure title={t('payments.loadFailed')} error={failed.error} onRetry={refetch} retrying={fetching} /> : null}

      <section aria-labelledby="delala-title" className={styles.section}>
        <h2 id="delala-title" className={styles.sectionTitle}>
          {t('payments.delalaTitle')}
        </h2>
        {accounts.isPending ? (
          <Skeleton height={160} radius={12} />
        ) : accounts.isSuccess ? (
          <DelalaTable accounts={accounts.data.items} onDone={setDone} />
        ) : null}
      </section>

      <div className={styles.twoColumns}>
        <AdjustmentForm onDone={setDone} />
        <section aria-labelledby="pending-title" className={styles.section}>
          <h2 id="pending-title" className={styles.sectionTitle}>
            {t('payments.pendingTitle')}
          </h2>
          {pending.isPending ? (
            <Skeleton height={160} radius={12} />
          ) : pending.isSuccess ? (
            <PendingAdjustments items={pending.data.items} onDone={setDone} />
          ) : null}
        </section>
      </div>

      <RefundClaims onDone={setDone} />

      <PurchasesList onDone={setDone} />
    </div>
  );
}
