import { useState } from 'react';
import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { formatPhoneLocal, normalizePhone } from '@betoch/contracts/phone';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { OwnPhoneField } from '@/components/ui/own-contact-fields';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useChangePhone } from '../api/change-phone';
import { useRequestPhoneCode } from '../api/request-phone-code';
import { fieldText } from '../lib/field-text';
import styles from './account.module.css';
import { AccountCodeStep } from './account-code-step';

function fieldOf(error: unknown, name: string): string | undefined {
  return error instanceof ApiError ? error.fields[name] : undefined;
}

/**
 * The phone number and its change: a code goes to the new number, and the account moves only once
 * that code is entered. Other devices are signed out; this one continues with its new token.
 */
export function PhoneChange({ phone }: { phone: string }) {
  const { t } = useTexts(['account', 'auth', 'common']);
  const [open, setOpen] = useState(false);
  const [newPhone, setNewPhone] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const send = useRequestPhoneCode();
  const change = useChangePhone();

  const reset = () => {
    setOpen(false);
    setNewPhone('');
    setCode('');
    setSentTo(null);
    send.reset();
    change.reset();
  };

  const onSend = () => {
    const normalized = normalizePhone(newPhone);
    send.mutate({ phone: newPhone }, { onSuccess: () => setSentTo(normalized ?? newPhone) });
  };
  const onConfirm = () => {
    if (!sentTo) return;
    change.mutate(
      { phone: sentTo, code },
      {
        onSuccess: () => {
          reset();
          setChanged(true);
        },
      },
    );
  };

  const sendField = fieldOf(send.error, 'phone');
  const codeField = fieldOf(change.error, 'code');
  return (
    <div className={styles.stack}>
      <p>
        <Trans t={t} i18nKey="phone.current" values={{ phone: formatPhoneLocal(phone) }} components={{ phone: <span dir="ltr" className={styles.phone} /> }} />
      </p>
      {changed ? <Alert tone="success">{t('phone.changed')}</Alert> : null}
      {!open ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setChanged(false);
              setOpen(true);
            }}
          >
            {t('phone.change')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (sentTo) onConfirm();
            else onSend();
          }}
        >
          <p className={styles.muted}>{t('phone.note')}</p>
          <OwnPhoneField
            label={t('phone.newPhone')}
            value={newPhone}
            disabled={Boolean(sentTo)}
            onChange={(e) => setNewPhone(e.target.value)}
            error={sendField ? fieldText(t, sendField) : undefined}
          />
          {sentTo ? (
            <AccountCodeStep
              sentTo="phone.sentTo"
              phone={sentTo}
              demoCode={send.data?.code}
              value={code}
              onChange={setCode}
              error={codeField ? fieldText(t, codeField) : change.isError ? errorText(t, change.error) : undefined}
            />
          ) : null}
          {send.isError && !sendField ? <Alert tone="error">{errorText(t, send.error)}</Alert> : null}
          <div className={styles.actions}>
            {sentTo ? (
              <Button type="submit" variant="primary" loading={change.isPending} disabled={code.length !== OTP_LENGTH}>
                {t('phone.confirm')}
              </Button>
            ) : (
              <Button type="submit" variant="primary" loading={send.isPending} disabled={!newPhone.trim()}>
                {t('phone.sendCode')}
              </Button>
            )}
            <Button variant="ghost" onClick={reset}>
              {t('phone.cancel')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
