import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useRequestDeleteCode } from '../api/request-delete-code';
import styles from './account.module.css';
import { AccountCodeStep } from './account-code-step';

/**
 * Delete my account: says what goes and what stays (without the name), then asks for a fresh
 * sign-in code sent to the account's phone. Once deleted, the session ends here.
 */
export function DeleteAccount({ phone }: { phone: string }) {
  const { t } = useTexts(['account', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const send = useRequestDeleteCode();
  const remove = useDeleteAccount();
  const [code, setCode] = useState('');
  const asked = send.isSuccess;

  const confirm = () =>
    remove.mutate(
      { code },
      {
        onSuccess: () => {
          session.signOut();
          queryClient.clear();
          void navigate(paths.home, { replace: true });
        },
      },
    );

  return (
    <div className={styles.stack}>
      <ul className={styles.facts}>
        <li>{t('delete.removed')}</li>
        <li>{t('delete.kept')}</li>
        <li>{t('delete.moderation')}</li>
      </ul>
      {!asked ? (
        <div>
          <Button variant="danger" onClick={() => send.mutate()} loading={send.isPending}>
            {t('delete.start')}
          </Button>
        </div>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            confirm();
          }}
        >
          <AccountCodeStep
            sentTo="delete.sentTo"
            phone={phone}
            demoCode={send.data?.code}
            value={code}
            onChange={setCode}
            error={remove.isError ? errorText(t, remove.error) : undefined}
          />
          <p className={styles.warning}>{t('delete.warning')}</p>
          <div className={styles.actions}>
            <Button type="submit" variant="danger" loading={remove.isPending} disabled={code.length !== OTP_LENGTH}>
              {t('delete.confirm')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                send.reset();
                remove.reset();
                setCode('');
              }}
            >
              {t('delete.cancel')}
            </Button>
          </div>
        </form>
      )}
      {send.isError ? <Alert tone="error">{errorText(t, send.error)}</Alert> : null}
    </div>
  );
}
