import { useTexts } from '@/lib/use-texts';
import type { TSignIn } from '@betoch/contracts/account';
import { formatMarketDateTime } from '@/lib/format-date';
import styles from './account.module.css';

/** What the server says when the user agent names no known system or browser. */
const UNKNOWN_DEVICE = 'Unknown device';

/** The latest sign-ins: when, and the kind of device (system and browser names, as they are). */
export function SignInHistory({ signIns }: { signIns: TSignIn[] }) {
  const { t, i18n } = useTexts('account');
  if (!signIns.length) return <p className={styles.muted}>{t('signIns.empty')}</p>;
  return (
    <>
      <ul className={styles.signIns}>
        {signIns.map((s) => (
          <li key={s.at}>
            <time dateTime={s.at}>{formatMarketDateTime(s.at, i18n.resolvedLanguage)}</time>
            <span className={styles.muted}>{s.device === UNKNOWN_DEVICE ? t('signIns.unknownDevice') : s.device}</span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('signIns.note')}</p>
    </>
  );
}
