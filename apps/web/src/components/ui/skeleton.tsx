import styles from './skeleton.module.css';

/** A grey placeholder block while content loads; hidden from screen readers. */
export function Skeleton({ height = 16, width = '100%', radius }: { height?: number | string; width?: number | string; radius?: number }) {
  return <span className={styles.skeleton} style={{ height, width, borderRadius: radius }} aria-hidden="true" />;
}
