import styles from './spinner.module.css';

/** A spinner; `label` is read by screen readers unless it is decorative (inside a labelled button). */
export function Spinner({ size = 28, label, decorative }: { size?: number; label?: string; decorative?: boolean }) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size }}
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : label}
    />
  );
}

export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} />
    </div>
  );
}
