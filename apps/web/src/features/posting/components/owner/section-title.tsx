import type { ReactNode } from 'react';
import styles from './owner.module.css';

/** The numbered title of one part of the owner page (details, photos, publish). */
export function SectionTitle({ id, number, children }: { id: string; number: number; children: ReactNode }) {
  return (
    <h2 id={id} className={styles.sectionTitle}>
      <span className={styles.sectionNumber} aria-hidden="true">
        {number}
      </span>
      {children}
    </h2>
  );
}
