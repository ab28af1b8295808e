import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import { REFUND_REASONS, type RefundReason } from '@betoch/contracts/refunds';
import { Alert } from '@/components/ui/alert';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { errorText } from '@/lib/error-text';
import { useClaimRefund } from '../api/claim-refund';
import styles from './refund-claim.module.css';

export interface RefundClaimDialogProps {
  open: boolean;
  onClose: () => void;
  unlockId: string;
}

/**
 * The refund claim: one of three reasons, then the answer: the credit is back at once,
 * or the claim waits. Loaded on the first tap of 'Claim refund' (my-unlocks stays light).
 */
export function RefundClaimDialog({ open, onClose, unlockId }: RefundClaimDialogProps) {
  const { t } = useTexts(['refunds', 'common']);
  const claim = useClaimRefund();
  const [reason, setReason] = useState<RefundReason | null>(null);
  const [missing, setMissing] = useState(false);
  const formId = useId();
  const errorId = useId();
  const { reset } = claim;

  useEffect(() => {
    setReason(null);
    setMissing(false);
    reset();
  }, [open, reset]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (claim.isPending) return;
    if (!reason) return setMissing(true);
    claim.mutate({ unlockId, reason });
  };

  if (claim.isSuccess) {
    const approved = claim.data.claim.status === 'approved';
    return (
      <ConfirmModal open={open} onClose={onClose} title={t('claim.title')} action="done">
        <Alert tone={approved ? 'success' : 'info'} title={approved ? t('claim.approvedTitle') : t('claim.pendingTitle')}>
          <p>{approved ? t('claim.approvedText') : t('claim.pendingText')}</p>
        </Alert>
      </ConfirmModal>
    );
  }

  const error = missing && !reason ? t('claim.chooseReason') : claim.isError ? errorText(t, claim.error) : null;
  return (
    <ConfirmModal
      open={open}
      onClose={onClose}
      title={t('claim.title')}
      action={{ label: claim.isPending ? t('claim.submitting') : t('claim.submit'), formId, busy: claim.isPending }}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <p>{t('claim.intro')}</p>
        <fieldset className={styles.reasons} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
          <legend className={styles.legend}>{t('claim.reasonLegend')}</legend>
          {REFUND_REASONS.map((r) => (
            <label key={r} className={styles.reason}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{t(`reasons.${r}`)}</span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </ConfirmModal>
  );
}
