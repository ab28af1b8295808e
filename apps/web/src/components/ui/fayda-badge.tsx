import { useTexts } from '@/lib/use-texts';
import styles from './fayda-badge.module.css';

/**
 * 'Verified with Fayda': the poster's identity was verified with Ethiopia's national digital ID
 * (docs/fayda.md). On a card, the badge; on /l/{id}, the badge and the verified name.
 */
export function FaydaBadge({ name }: { name?: string | null }) {
  const { t } = useTexts('common');
  const badge = (
    <span className={styles.badge} title={t('faydaBadge.label')}>
      <svg className={styles.check} width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
      </svg>
      {t('faydaBadge.text')}
    </span>
  );
  if (!name) return badge;
  return (
    <p className={styles.line}>
      {badge}
      <span>{name}</span>
    </p>
  );
}
