import type { ReactNode } from 'react';
import styles from './admin.module.css';

/** A section of an admin tab under its heading (`id` names the heading, which labels the section). */
export function TitledSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
