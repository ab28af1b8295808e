import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import styles from './auth.module.css';

/**
 * Demo mode only: the server answers the code, and the spec shows it on screen; so anyone can
 * sign in as any account, the admins too, and the banner says so.
 */
export function DemoCode({ code }: { code: string | undefined }) {
  const { t } = useTexts('auth');
  if (!code) return null;
  return (
    <Alert tone="info" title={t('code.demoTitle')}>
      <p>
        {t('code.demoText')}{' '}
        <strong className={styles.demoDigits} dir="ltr" data-testid="demo-code">
          {code}
        </strong>
      </p>
      <p>{t('code.demoAnyone')}</p>
    </Alert>
  );
}
