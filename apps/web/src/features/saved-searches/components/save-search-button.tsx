import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import styles from './save-search-button.module.css';

const SaveSearchDialog = lazy(async () => ({ default: (await import('./save-search-dialog')).SaveSearchDialog }));

/**
 * 'Save this search' on /browse. Small on purpose: the dialog (form, schemas) loads
 * on the first tap, drawn at the end of the body (the button may sit in the search form).
 * `compact`: a 44 px icon button named by its label (a phone's filter bar). A signed-out visitor
 * goes to sign in and comes back to the same filters. Not for landlords and brokers (their
 * /browse is their own listings).
 */
export function SaveSearchButton({ compact = false }: { compact?: boolean }) {
  const { t } = useTexts('alerts');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const type = session.userType ?? session.user?.userType;
  if (session.isAuthenticated && type !== 'tenant') return null;

  const onClick = () => {
    if (!session.isAuthenticated) {
      void navigate(paths.login, { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={compact ? styles.compact : styles.button}
        onClick={onClick}
        aria-label={compact ? t('save.button') : undefined}
        title={compact ? t('save.button') : undefined}
        data-testid="save-search"
      >
        <svg viewBox="0 0 24 24" width={compact ? 22 : 18} height={compact ? 22 : 18} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M19 21l-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
          <path d="M12 7v6M9 10h6" />
        </svg>
        {compact ? null : t('save.button')}
      </button>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <SaveSearchDialog open={open} onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
