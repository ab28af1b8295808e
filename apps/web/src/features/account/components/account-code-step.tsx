import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { AccountCodeField } from './account-code-field';
import { DemoCodeNote } from './demo-code-note';
import styles from './account.module.css';

/** The code step of an account change (a new phone, the deletion): where the code went, the demo's code, the code field. */
export function AccountCodeStep({
  sentTo,
  phone,
  demoCode,
  value,
  onChange,
  error,
}: {
  sentTo: 'delete.sentTo' | 'phone.sentTo';
  phone: string;
  demoCode: string | undefined;
  value: string;
  onChange: (digits: string) => void;
  error: string | undefined;
}) {
  const { t } = useTexts('account');
  return (
    <>
      <p>
        <Trans
          t={t}
          i18nKey={sentTo}
          values={{ phone: formatPhoneLocal(phone), digits: OTP_LENGTH }}
          components={{ phone: <span dir="ltr" className={styles.phone} /> }}
        />
      </p>
      <DemoCodeNote code={demoCode} />
      <AccountCodeField value={value} onChange={onChange} error={error} />
    </>
  );
}
