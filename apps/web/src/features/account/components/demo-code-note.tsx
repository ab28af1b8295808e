import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import styles from './account.module.css';

/** Demo mode answers the code with the call: shown so a demo can go on without a phone. */
export function DemoCodeNote({ code }: { code: string | undefined }) {
  const { t } = useTexts('account');
  if (!code) return null;
  return (
    <p className={styles.muted} role="status">
      <Trans t={t} i18nKey="demoCode" values={{ code }} components={{ code: <strong data-testid="demo-code" dir="ltr" /> }} />
    </p>
  );
}
