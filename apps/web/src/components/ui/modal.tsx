import { useId, type ReactNode } from 'react';
import styles from './modal.module.css';
import { useModalDialog } from './use-modal-dialog';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Label of the close (×) button, translated by the caller. */
  closeLabel: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A modal built on <dialog>: the rest of the page is inert while it is open, Escape closes it,
 * and focus goes back to what had it before.
 */
export function Modal({ open, onClose, title, closeLabel, children, footer }: ModalProps) {
  const ref = useModalDialog(open, onClose);
  const titleId = useId();

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId}>
      {open ? (
        <div className={styles.inner}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
