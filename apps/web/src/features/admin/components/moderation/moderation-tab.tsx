import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { CaseStatus } from '@betoch/contracts/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useModerationCases } from '../../api/moderation';
import { useFaydaRevocations } from '../../api/fayda-revocations';
import { LoadFailure } from '../load-failure';
import { CaseCard } from './case-card';
import { FaydaRevocations } from '../fayda/fayda-revocations';
import styles from '../admin.module.css';

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
  const items = cases.data?.items ?? [];
  const [done, setDone] = useState<string | null>(null);

  return (
    <div>
      <div className={styles.toolbar}>
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
        <Button small variant="secondary" onClick={refresh} loading={cases.isFetching && !cases.isPending}>
          {t('common.refresh')}
        </Button>
      </div>

      <div aria-live="polite" aria-atomic="true">{done ? <Alert tone="success" title={done} /> : null}</div>

      <FaydaRevocations onDone={setDone} />

      {cases.isPending ? (
        <div className={styles.stack} role="status" aria-label={t('common.loading')}>
          <Skeleton height={180} radius={12} />
          <Skeleton height={180} radius={12} />
        </div>
      ) : cases.isError ? (
        <LoadFailure title={t('moderation.loadFailed')} error={cases.error} onRetry={() => void cases.refetch()} retrying={cases.isFetching} />
      ) : items.length === 0 ? (
        <p className={styles.empty}>{t(status === 'open' ? 'moderation.emptyOpen' : 'moderation.emptyClosed')}</p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {t('moderation.count', { count: items.length })}
          </p>
          <ul className={styles.stack}>
            {items.map((item) => (
              <li key={item._id}>
                <CaseCard moderationCase={item} onDone={setDone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
