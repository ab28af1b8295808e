import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { BookmarkPlusIcon } from '@/components/ui/icons';
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
        <BookmarkPlusIcon size={compact ? 22 : 18} />
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
