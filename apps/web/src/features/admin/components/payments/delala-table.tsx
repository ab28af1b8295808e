import { useTexts } from '@/lib/use-texts';
import type { TDelalaAccount } from '@betoch/contracts/admin';
import { Button } from '@/components/ui/button';
import { LocalDate } from '@/components/ui/local-date';
import { useUnblockPosting } from '../../api/payments';
import { failureAlert } from '../../lib/failure-text';
import styles from '../admin.module.css';
import { ColumnHeads } from '../column-heads';

/** The unblock prompt's default reason. */
export const DEFAULT_UNBLOCK_REASON = 'manual review';

/** Broker accounts: a table on wide screens, one card per account on a phone. */
export function DelalaTable({ accounts, onDone }: { accounts: TDelalaAccount[]; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const unblock = useUnblockPosting();

  if (accounts.length === 0) return <p className={styles.empty}>{t('payments.delalaEmpty')}</p>;

  const run = async (phone: string) => {
    const reason = window.prompt(t('payments.unblockPrompt', { phone }), DEFAULT_UNBLOCK_REASON);
    if (reason === null) return;
    try {
      await unblock.mutateAsync({ phone, reason: reason.trim() || DEFAULT_UNBLOCK_REASON });
      onDone(t('payments.unblocked', { phone }));
    } catch (error) {
      window.alert(failureAlert(t, 'payments.unblockFailed', error));
    }
  };

  const c = (key: string) => t(`payments.columns.${key}`);
  return (
    <table className={styles.cardTable}>
      <ColumnHeads heads={['phone', 'name', 'agency', 'postCredits', 'unlimitedUntil', 'posting', 'action'].map(c)} />
      <tbody>
        {accounts.map((a) => (
          <tr key={a.phone}>
            <th scope="row" data-label={c('phone')}>
              {a.phone}
            </th>
            <td data-label={c('name')}>{a.name ?? t('common.none')}</td>
            <td data-label={c('agency')}>{a.agency_name ?? t('common.none')}</td>
            <td data-label={c('postCredits')}>{a.post_credits}</td>
            <td data-label={c('unlimitedUntil')}>
              {a.subscription_until ? (
                <>
                  <LocalDate iso={a.subscription_until} language={i18n.language} />
                  {a.subscription_active ? null : <span className={styles.muted}> ({t('payments.ended')})</span>}
                </>
              ) : (
                t('common.none')
              )}
            </td>
            <td data-label={c('posting')}>
              {a.posting_blocked ? (
                <span className={styles.blocked}>{t('payments.blockedReason', { reason: a.posting_blocked_reason ?? t('payments.blocked') })}</span>
              ) : (
                <span className={styles.activeText}>{t('payments.active')}</span>
              )}
            </td>
            <td data-label={c('action')}>
              {a.posting_blocked ? (
                <Button
                  small
                  variant="secondary"
                  aria-label={t('payments.unblockLabel', { phone: a.phone })}
                  loading={unblock.isPending && unblock.variables?.phone === a.phone}
                  disabled={unblock.isPending}
                  onClick={() => void run(a.phone)}
                >
                  {t('payments.unblock')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
