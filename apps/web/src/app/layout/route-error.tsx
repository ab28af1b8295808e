import { useEffect } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import styles from './route-error.module.css';

const RELOAD_KEY = 'betoch:reloadedForNewVersion';
const RELOAD_WINDOW_MS = 30_000;

/** A page's code that is gone from the server: the app was updated while this tab was open. */
export function isStaleCodeError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically imported module/i.test(message);
}

/** The page reload, in one place so tests can watch it. */
export const page = { reload: () => window.location.reload() };

/** Reloads at most once in a short while, so a broken server never causes a reload loop. */
export function shouldReloadForNewVersion(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (now - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/**
 * What a route shows when it fails to load or render: after an update, the old page's code is
 * gone, so the app reloads itself once to get the new version; otherwise a translated message
 * with Try again and a way home, instead of the router's developer page.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTexts('common');
  const stale = isStaleCodeError(error);

  useEffect(() => {
    console.error('Route failed', error);
    if (stale && shouldReloadForNewVersion()) page.reload();
  }, [error, stale]);

  return (
    <main id="main" className="page page-narrow">
      <EmptyState
        title={t('errors.pageFailed')}
        action={
          <div className={styles.actions}>
            <Button onClick={() => page.reload()}>{t('actions.tryAgain')}</Button>
            <ButtonLink to={paths.home} variant="ghost" reloadDocument>
              {t('actions.goHome')}
            </ButtonLink>
          </div>
        }
      >
        <p>{t('errors.pageFailedHint')}</p>
      </EmptyState>
    </main>
  );
}
