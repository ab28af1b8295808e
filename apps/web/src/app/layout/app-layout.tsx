import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { BARE_PATHS } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import styles from './app-layout.module.css';
import { LanguageSwitcher } from './language-switcher';
import { OfflineBanner } from './offline-banner';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';

/**
 * Top bar everywhere but on the bare pages (BARE_PATHS: home, sign-in, sign-up and the welcome
 * pages have no top navigation), which open with the language switcher in a row of its own at
 * the top: in the page's flow, so it never covers a button as the page scrolls.
 */
export function AppLayout() {
  const { t } = useTexts('common');
  const { pathname } = useLocation();
  const bare = BARE_PATHS.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      {bare ? (
        <div className={styles.bareBar}>
          <div className={styles.bareInner}>
            <LanguageSwitcher onDark />
          </div>
        </div>
      ) : (
        <TopBar />
      )}
      <OfflineBanner />
      <UpdatePrompt />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner label={t('status.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}
