import { useId } from 'react';
import type { TFaydaRevocation } from '@betoch/contracts/fayda';
import { useTexts } from '@/lib/use-texts';
import { Skeleton } from '@/components/ui/skeleton';
import { useFaydaRevocations, useReviewFaydaRevocation } from '../../api/fayda-revocations';
import { revocationErrorText } from '../../lib/fayda-revocation-text';
import { DateTime } from '../date-time';
import { DecisionButtons } from '../decision-buttons';
import { LoadFailure } from '../load-failure';
import styles from '../admin.module.css';
import { RecordList } from '@/components/ui/record-list';
import { TitledSection } from '../titled-section';

/**
 * Revocations of Fayda verifications (docs/fayda.md): those waiting for a second admin, each
 * with Approve and Reject (never for the admin who asked), and those decided in the last 30 days.
 */
export function FaydaRevocations({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTexts('admin');
  const list = useFaydaRevocations();
  return (
    <TitledSection id="fayda-revocations-title" title={t('faydaRevocations.title')}>
      {list.isPending ? (
        <div role="status" aria-label={t('common.loading')}>
          <Skeleton height={120} radius={12} />
        </div>
      ) : list.isError ? (
        <LoadFailure title={t('faydaRevocations.loadFailed')} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          {list.data.pending.length === 0 ? (
            <p className={styles.empty}>{t('faydaRevocations.pendingEmpty')}</p>
          ) : (
            <RecordList items={list.data.pending} className={styles.stack} aria-label={t('faydaRevocations.pendingLabel')}>
              {(item) => <PendingRevocation item={item} onDone={onDone} />}
            </RecordList>
          )}
          {list.data.decided.length ? <DecidedRevocations items={list.data.decided} /> : null}
        </>
      )}
    </TitledSection>
  );
}

function PendingRevocation({ item, onDone }: { item: TFaydaRevocation; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts('admin');
  const review = useReviewFaydaRevocation();
  const headingId = useId();
  const noteId = useId();

  const run = async (decision: 'approve' | 'reject') => {
    const notes = window.prompt(t(decision === 'approve' ? 'faydaRevocations.approvePrompt' : 'faydaRevocations.rejectPrompt', { phone: item.phone }), '');
    if (notes === null) return;
    try {
      await review.mutateAsync({ id: item._id, decision, notes: notes.trim() || undefined });
      onDone(t(decision === 'approve' ? 'faydaRevocations.approved' : 'faydaRevocations.rejected', { phone: item.phone }));
    } catch (error) {
      window.alert(`${t('faydaRevocations.updateFailed')}\n${revocationErrorText(t, error)}`);
    }
  };

  return (
    <article className={`${styles.card} ${styles.adjustment}`} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.cardTitle}>
        {item.phone}
        {item.name ? ` · ${item.name}` : ''}
        <span className={`${styles.badge} ${styles.badgeWarn}`}>{t('faydaRevocations.status.pending')}</span>
      </h3>
      <p>
        <strong>{t('faydaRevocations.reason')}:</strong> {item.reason}
      </p>
      <p className={styles.muted}>
        <DateTime iso={item.created_at} language={i18n.language} />
        {item.created_by ? ` · ${t('faydaRevocations.askedBy', { phone: item.created_by })}` : ''}
      </p>
      {item.created_by_viewer ? (
        <p id={noteId} className={styles.yours}>
          {t('faydaRevocations.yours')}
        </p>
      ) : null}
      <DecisionButtons
        label={(decision) => t(decision === 'approve' ? 'faydaRevocations.approve' : 'faydaRevocations.reject')}
        busy={review.isPending}
        sending={review.variables?.decision}
        onDecide={(decision) => void run(decision)}
        disabled={item.created_by_viewer}
        describedBy={item.created_by_viewer ? noteId : undefined}
      />
    </article>
  );
}

/** The outcomes: approved (the verification was removed) or rejected (it stays), who decided and why. */
function DecidedRevocations({ items }: { items: TFaydaRevocation[] }) {
  const { t, i18n } = useTexts('admin');
  return (
    <>
      <h3 className={styles.subTitle}>{t('faydaRevocations.decidedTitle')}</h3>
      <ul className={styles.stack}>
        {items.map((item) => (
          <li key={item._id} className={`${styles.card} ${styles.adjustment}`}>
            <p>
              <strong>{item.phone}</strong>
              <span className={`${styles.badge} ${item.status === 'approved' ? styles.badgeRed : styles.badgeMuted}`}>
                {t(item.status === 'approved' ? 'faydaRevocations.status.approved' : 'faydaRevocations.status.rejected')}
              </span>
            </p>
            <p>{t(item.status === 'approved' ? 'faydaRevocations.outcomeApproved' : 'faydaRevocations.outcomeRejected')}</p>
            <p>
              <strong>{t('faydaRevocations.reason')}:</strong> {item.reason}
              {item.review_notes ? (
                <>
                  <br />
                  <strong>{t('faydaRevocations.notes')}:</strong> {item.review_notes}
                </>
              ) : null}
            </p>
            <p className={styles.muted}>
              {item.reviewed_at ? <DateTime iso={item.reviewed_at} language={i18n.language} /> : null}
              {item.reviewed_by ? ` · ${t('faydaRevocations.decidedBy', { phone: item.reviewed_by })}` : ''}
              {item.created_by ? ` · ${t('faydaRevocations.askedBy', { phone: item.created_by })}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
