import { Button } from '@/components/ui/button';
import styles from './admin.module.css';

type Decision = 'approve' | 'reject';

interface DecisionButtonsProps {
  label: (decision: Decision) => string;
  /** A decision is being sent (both buttons disabled); `sending` is which (its button busy). */
  busy: boolean;
  sending: Decision | undefined;
  onDecide: (decision: Decision) => void;
  disabled?: boolean;
  /** The note that says why the buttons are disabled. */
  describedBy?: string;
}

/** Approve and Reject for a case waiting on an admin. */
export function DecisionButtons({ label, busy, sending, onDecide, disabled = false, describedBy }: DecisionButtonsProps) {
  return (
    <div className={styles.actions}>
      {(['approve', 'reject'] as const).map((decision) => (
        <Button
          key={decision}
          small
          variant={decision === 'approve' ? 'primary' : 'secondary'}
          disabled={busy || disabled}
          aria-describedby={describedBy}
          loading={busy && sending === decision}
          onClick={() => onDecide(decision)}
        >
          {label(decision)}
        </Button>
      ))}
    </div>
  );
}
