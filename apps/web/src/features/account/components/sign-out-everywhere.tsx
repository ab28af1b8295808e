import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import styles from './account.module.css';

/** Ends every session of the account (every token), this one too, then goes to sign-in. */
export function SignOutEverywhere() {
  const { t } = useTexts('account');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOutAll = useSignOutEverywhere();

  const run = () =>
    signOutAll.mutate(undefined, {
      onSuccess: () => {
        session.signOut();
        queryClient.clear();
        void navigate(paths.login);
      },
    });

  return (
    <div className={styles.stack}>
      <p>{t('signOutAll.text')}</p>
      {signOutAll.isError ? <Alert tone="error">{t('signOutAll.failed')}</Alert> : null}
      <div>
        <Button variant="secondary" onClick={run} loading={signOutAll.isPending}>
          {t('signOutAll.button')}
        </Button>
      </div>
    </div>
  );
}
