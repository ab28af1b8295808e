import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { formatPhoneLocal, normalizePhone } from '@betoch/contracts/phone';
import styles from './auth.module.css';

/** "Your phone number, verified by Telegram: <phone>" on the signup form that asks no code. */
export function TelegramVerifiedPhone({ phone }: { phone: string }) {
  const { t } = useTexts('auth');
  return (
    <p className={styles.sentTo}>
      <Trans
        t={t}
        i18nKey="telegram.verifiedPhone"
        values={{ phone: formatPhoneLocal(normalizePhone(phone) ?? phone) }}
        components={{ phone: <span className={styles.phone} dir="ltr" /> }}
      />{' '}
      {t('telegram.noSms')}
    </p>
  );
}
