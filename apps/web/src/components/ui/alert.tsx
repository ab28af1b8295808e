import type { ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'error' | 'success' | 'info' | 'warning';

/** An inline message. Errors and warnings are announced (role=alert); others politely (role=status). */
export function Alert({ tone = 'info', title, children, action }: { tone?: AlertTone; title?: ReactNode; children?: ReactNode; action?: ReactNode }) {
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={urgent ? 'alert' : 'status'}>
      <div className={styles.body}>
        {title ? <p className={styles.title}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
