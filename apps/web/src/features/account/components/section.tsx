import { useId, type ReactNode } from 'react';
import styles from './account.module.css';

/** One titled part of the account page, named by its heading for screen readers. */
export function Section({ title, children, tone }: { title: string; children: ReactNode; tone?: 'danger' }) {
  const id = useId();
  return (
    <section className={[styles.section, tone === 'danger' ? styles.danger : ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}
