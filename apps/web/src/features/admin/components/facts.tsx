import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** Label and value pairs as a description list, two columns when there is room. */
export function Facts({ items }: { items: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {items.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
