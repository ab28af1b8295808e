import { useTranslation } from 'react-i18next';
import type { TSignIn } from '@betoch/contracts/account';
import { formatWhen } from '../lib/format-when';
import styles from './account.module.css';

/** The latest sign-ins: when, and the kind of device. */
export function SignInHistory({ signIns }: { signIns: TSignIn[] }) {
  const { t, i18n } = useTranslation('account');
  if (!signIns.length) return <p className={styles.muted}>{t('signIns.empty')}</p>;
  return (
    <>
      <ul className={styles.signIns}>
        {signIns.map((s) => (
          <li key={s.at}>
            <time dateTime={s.at}>{formatWhen(s.at, i18n.resolvedLanguage)}</time>
            <span className={styles.muted}>{s.device}</span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('signIns.note')}</p>
    </>
  );
}
