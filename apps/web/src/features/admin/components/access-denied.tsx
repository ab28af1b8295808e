import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import styles from './admin.module.css';

/** How long the message stays before the fallback takes a non-admin home. */
export const ACCESS_DENIED_REDIRECT_MS = 6000;

/** What a signed-in non-admin sees at /admin: the message, a way home, then home on its own. */
export function AccessDenied({ redirectAfterMs = ACCESS_DENIED_REDIRECT_MS }: { redirectAfterMs?: number }) {
  const { t } = useTexts(['admin', 'common']);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(paths.home, { replace: true }), redirectAfterMs);
    return () => window.clearTimeout(timer);
  }, [navigate, redirectAfterMs]);
  return (
    <div className={`page page-narrow ${styles.denied}`}>
      <p className={styles.deniedIcon} aria-hidden="true">
        <LockIcon size={40} />
      </p>
      <h1>{t('denied.title')}</h1>
      <p>{t('denied.text')}</p>
      <p className={styles.muted}>{t('denied.redirect')}</p>
      <ButtonLink to={paths.home} replace>
        {t('denied.goHome')}
      </ButtonLink>
    </div>
  );
}
