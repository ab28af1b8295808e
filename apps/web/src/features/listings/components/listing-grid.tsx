import type { ReactNode } from 'react';
import styles from './listing-grid.module.css';

/** One column on phones, two on tablets, three on wide screens. */
export function ListingGrid({ children, label, busy }: { children: ReactNode; label?: string; busy?: boolean }) {
  return (
    <ul className={styles.grid} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

export function ListingGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}
