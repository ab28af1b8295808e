import { useId, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TAdminRefundClaim } from '@betoch/contracts/refunds';
import { TextAreaField } from '@/components/ui/field';
import { errorText } from '@/lib/error-text';
import { usePendingRefundClaims, useReviewRefund } from '../../api/refund-claims';
import { DateTime } from '../date-time';
import styles from '../admin.module.css';
import { DecisionButtons } from '../decision-buttons';
import { QueryStates } from '../query-states';
import { RecordList } from '@/components/ui/record-list';

/**
 * Refund claims waiting on an admin: those no listing change or second claim approved.
 * One admin approves (1 credit back through the ledger) or rejects, always with a note.
 */
export function RefundClaims({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTexts(['refunds', 'admin']);
  const claims = usePendingRefundClaims();
  return (
    <section aria-labelledby="refunds-title" className={styles.section} data-testid="refund-queue">
      <h2 id="refunds-title" className={styles.sectionTitle}>
        {t('admin.title')}
      </h2>
      <p className={styles.muted}>{t('admin.intro')}</p>
      <QueryStates query={claims} failedTitle={t('admin.failed')} isEmpty={(data) => data.items.length === 0} empty={t('admin.empty')}>
        {(data) => (
          <RecordList items={data.items} className={styles.stack}>
            {(claim) => <RefundClaimCard claim={claim} onDone={onDone} />}
          </RecordList>
        )}
      </QueryStates>
    </section>
  );
}

function RefundClaimCard({ claim, onDone }: { claim: TAdminRefundClaim; onDone: (text: string) => void }) {
  const { t, i18n } = useTexts(['refunds', 'admin']);
  const review = useReviewRefund();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const headingId = useId();

  const run = async (decision: 'approve' | 'reject') => {
    if (!note.trim()) return setMissing(true);
    try {
      await review.mutateAsync({ id: claim._id, decision, note: note.trim() });
      onDone(decision === 'approve' ? t('admin.approved') : t('admin.rejected'));
    } catch {
      // Shown under the note (review.error).
    }
  };

  const error = missing && !note.trim() ? t('admin.noteRequired') : review.isError ? errorText(t, review.error) : undefined;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="refund-claim">
      <h3 id={headingId} className={styles.cardTitle}>
        {t(`reasons.${claim.reason}`)} · {claim.listing.title}
      </h3>
      <p className={styles.muted}>
        {t('admin.tenant')}: <span dir="ltr">{claim.tenant_phone}</span> · {t('admin.poster')}: <span dir="ltr">{claim.poster_phone}</span>
      </p>
      <p className={styles.muted}>
        {t('admin.unlocked')}: <DateTime iso={claim.unlocked_at} language={i18n.language} /> · {t('admin.claimed')}:{' '}
        <DateTime iso={claim.created_at} language={i18n.language} />
      </p>
      <TextAreaField label={t('admin.noteLabel')} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={error} />
      <DecisionButtons
        label={(decision) => (decision === 'approve' ? t('admin.approve') : t('admin.reject'))}
        busy={review.isPending}
        sending={review.variables?.decision}
        onDecide={(decision) => void run(decision)}
      />
    </article>
  );
}
