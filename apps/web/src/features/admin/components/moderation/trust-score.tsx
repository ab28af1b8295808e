import { useTexts } from '@/lib/use-texts';
import type { TTrustSignal } from '@betoch/contracts/admin';
import styles from '../admin.module.css';

/** 0 to 100: below 40 high risk, below 70 some risk, else fine. */
export function trustLevel(score: number): 'Low' | 'Mid' | 'High' {
  if (score < 40) return 'Low';
  if (score < 70) return 'Mid';
  return 'High';
}

/** The listing's trust score as a meter, with the signals that took points off. */
export function TrustScore({ score, signals }: { score: number; signals: TTrustSignal[] }) {
  const { t } = useTexts('admin');
  const level = trustLevel(score);
  const taken = signals.filter((s) => s.points !== 0);
  return (
    <div className={styles.trust}>
      <p className={styles.trustLine}>
        <span>{t('moderation.fields.trustScore')}</span> <strong className={styles[`trust${level}`]}>{t('moderation.trust', { score })}</strong>{' '}
        <span className={styles.muted}>· {t(`moderation.trust${level}`)}</span>
      </p>
      <meter className={styles.meter} min={0} max={100} low={40} high={70} optimum={100} value={score} aria-label={t('moderation.fields.trustScore')} />
      {taken.length ? (
        <ul className={styles.signals}>
          {taken.map((s) => (
            <li key={s.code}>
              {t(`moderation.signals.${s.code}`)} <span className={styles.muted}>({s.points > 0 ? `−${s.points}` : s.points})</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
