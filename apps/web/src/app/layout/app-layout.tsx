import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BARE_PATHS } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { LanguageSwitcher } from './language-switcher';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';
import { UpdatePrompt } from './update-prompt';

/** Top bar everywhere but on the bare pages, which only float the language switcher. */
export function AppLayout() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const bare = BARE_PATHS.has(pathname.replace(/\/+$/, '') || '/');
  return (
    <>
      <a href="#main" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      {bare ? <LanguageSwitcher floating /> : <TopBar />}
      <OfflineBanner />
      <UpdatePrompt />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner label={t('status.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
