import { lazy, Suspense, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TUnlockRecord } from '@betoch/contracts/unlocks';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import styles from './refund-claim.module.css';

const RefundClaimDialog = lazy(async () => ({ default: (await import('./refund-claim-dialog')).RefundClaimDialog }));

/**
 * An unlock's refund: the claim's state when there is one (with why it was approved, or
 * the admin's note), else 'Claim refund' while the 72 hours last. Nothing for a plan's unlock.
 */
export function RefundClaim({ record, title }: { record: TUnlockRecord; title: string }) {
  const { t, i18n } = useTexts('refunds');
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const claim = record.refund;
  const dialog = asked ? (
    <Suspense fallback={null}>
      <RefundClaimDialog open={open} onClose={() => setOpen(false)} unlockId={record._id} />
    </Suspense>
  ) : null;

  let content = null;
  if (claim) {
    content = (
      <div className={`${styles.state} ${styles[claim.status]}`} data-testid="refund-state" data-status={claim.status}>
        <p className={styles.stateTitle}>{t(`status.${claim.status}`)}</p>
        <p className={styles.stateText}>{t('claimReason', { reason: t(`reasons.${claim.reason}`) })}</p>
        {claim.cause && claim.cause !== 'admin' ? <p className={styles.stateText}>{t(`causes.${claim.cause}`)}</p> : null}
        {claim.note ? <p className={styles.stateText}>{t('note', { note: claim.note })}</p> : null}
      </div>
    );
  } else if (record.refund_claimable && record.refund_claim_until) {
    content = (
      <div className={styles.offer}>
        <Button
          small
          variant="secondary"
          className={styles.open}
          aria-label={t('claim.openLabel', { title })}
          onClick={() => {
            setAsked(true);
            setOpen(true);
          }}
        >
          {t('claim.open')}
        </Button>
        <p className={styles.until}>{t('claim.until', { date: formatDate(record.refund_claim_until, i18n.language, 'dayMonthTime') })}</p>
      </div>
    );
  }
  // One place in the tree for the dialog, whatever the content: it stays open (and keeps its
  // answer) while the list reloads behind it and the offer turns into the claim's state.
  return (
    <>
      {content}
      {dialog}
    </>
  );
}
