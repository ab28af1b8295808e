import { useId } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TManualAdjustment } from '@betoch/contracts/admin';
import { useReviewAdjustment } from '../../api/payments';
import { failureAlert } from '../../lib/failure-text';
import { DateTime } from '../date-time';
import styles from '../admin.module.css';
import { DecisionButtons } from '../decision-buttons';
import { RecordList } from '@/components/ui/record-list';

/** Pending adjustments, oldest first, each with Approve and Reject (an optional note is asked). */
export function PendingAdjustments({ items, onDone }: { items: TManualAdjustment[]; onDone: (text: string) => void }) {
  const { t } = useTexts('admin');
  if (items.length === 0) return <p className={styles.empty}>{t('payments.pendingEmpty')}</p>;
  return (
    <RecordList items={items} className={styles.stack}>
      {(item) => <PendingAdjustment item={item} onDone={onDone} />}
    </RecordList>
  );
}

function PendingAdjustment({ item, onDone }: { item: TManualAdjustment; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const review = useReviewAdjustment();
  const headingId = useId();
  const noteId = useId();

  const run = async (decision: 'approve' | 'reject') => {
    const notes = window.prompt(t(decision === 'approve' ? 'payments.approvePrompt' : 'payments.rejectPrompt'), '');
    if (notes === null) return;
    try {
      await review.mutateAsync({ id: item._id, decision, notes: notes.trim() || undefined });
      onDone(decision === 'approve' ? t('payments.approved', { phone: item.subjectPhone }) : t('payments.rejected'));
    } catch (error) {
      window.alert(failureAlert(t, 'payments.updateFailed', error));
    }
  };

  const sign = item.type === 'debit' ? '−' : '+';
  return (
    <article className={`${styles.card} ${styles.adjustment}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        <span className={item.type === 'debit' ? styles.debit : styles.credit}>
          {sign}
          {t(`payments.amountUnit.${item.meta.target}`, { count: item.amount })}
        </span>{' '}
        · {item.subjectPhone}
      </h3>
      <p className={styles.muted}>
        {t(`adjust.types.${item.type}`)} · {t(`adjust.targets.${item.meta.target}`)}
        {item.subjectName ? ` · ${item.subjectName}` : ''}
      </p>
      <p>
        <strong>{t('adjust.reason')}:</strong> {item.reason}
        {item.notes ? (
          <>
            <br />
            <strong>{t('adjust.notes')}:</strong> {item.notes}
          </>
        ) : null}
      </p>
      <p className={styles.muted}>
        <DateTime iso={item.createdAt} language={i18n.language} />
        {item.createdBy ? ` · ${t('payments.loggedBy', { phone: item.createdBy })}` : ''}
      </p>
      {item.createdByViewer ? (
        <p id={noteId} className={styles.yours}>
          {t('payments.yours')}
        </p>
      ) : null}
      <DecisionButtons
        label={(decision) => t(`payments.${decision}`)}
        busy={review.isPending}
        sending={review.variables?.decision}
        onDecide={(decision) => void run(decision)}
        disabled={item.createdByViewer}
        describedBy={item.createdByViewer ? noteId : undefined}
      />
    </article>
  );
}
