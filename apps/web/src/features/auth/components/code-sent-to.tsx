import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { formatPhoneLocal, normalizePhone } from '@betoch/contracts/phone';
import styles from './auth.module.css';

/** "We sent a code to <phone>", the phone in local form and left to right. */
export function CodeSentTo({ phone }: { phone: string }) {
  const { t } = useTexts('auth');
  return (
    <p className={styles.sentTo}>
      <Trans
        t={t}
        i18nKey="code.sentTo"
        values={{ phone: formatPhoneLocal(normalizePhone(phone) ?? phone) }}
        components={{ phone: <span className={styles.phone} dir="ltr" /> }}
      />
    </p>
  );
}
