import { useTexts } from '@/lib/use-texts';
import { LEDGER_KINDS, type LedgerKind, type TWalletHistoryEntry } from '@betoch/contracts/wallet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { useWalletHistory } from '../api/wallet-history';
import styles from './wallet-history.module.css';
import { LoadFailed } from '@/components/ui/load-failed';

function kindKey(kind: string): LedgerKind | 'other' {
  return (LEDGER_KINDS as readonly string[]).includes(kind) ? (kind as LedgerKind) : 'other';
}

function Row({ entry }: { entry: TWalletHistoryEntry }) {
  const { t, i18n } = useTexts('refunds');
  const amount = t(entry.account === 'credits' ? 'history.credits' : 'history.postCredits', { count: Math.abs(entry.delta) });
  return (
    <li className={styles.row} data-testid="wallet-history-row" data-kind={entry.kind}>
      <span className={styles.kind}>{t(`history.kinds.${kindKey(entry.kind)}`)}</span>
      <span className={entry.delta > 0 ? styles.plus : styles.minus}>
        <span dir="ltr">{entry.delta > 0 ? '+' : '−'}</span>
        {amount}
      </span>
      <time className={styles.when} dateTime={entry.created_at}>
        {formatDate(entry.created_at, i18n.language, 'dayMonthTime')}
      </time>
    </li>
  );
}

/** The wallet's history: each credit change with its reason, refunds included. */
export function WalletHistory() {
  const { t } = useTexts(['refunds', 'common']);
  const history = useWalletHistory();
  return (
    <section aria-labelledby="history-title" aria-busy={history.isPending || undefined}>
      <h2 id="history-title" className={styles.title}>
        {t('history.title')}
      </h2>
      {history.isPending ? (
        <Skeleton height={96} radius={12} />
      ) : history.isError ? (
        <LoadFailed title={t('history.failed')} query={history} retryLabel={t('admin.tryAgain')} />
      ) : history.data.entries.length === 0 ? (
        <p className={styles.empty}>{t('history.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {history.data.entries.map((entry) => (
            <Row key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}
