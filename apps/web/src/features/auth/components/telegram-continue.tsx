import { Suspense } from 'react';
import { useTexts } from '@/lib/use-texts';
import { ButtonLink } from '@/components/ui/button';
import { PaperPlaneIcon } from '@/components/ui/icons';
import { useTelegramLogin } from '../api/get-telegram-login';
import styles from './auth.module.css';

export interface TelegramContinueProps {
  page: 'login' | 'signup';
  /** Where to go once signed in (kept through Telegram's login). */
  from?: string;
}

/**
 * 'Continue with Telegram' under the phone form of /login and /signup (docs/telegram.md): a plain
 * link to the server's start route, so it works before the app's code has run; drawn only where
 * Telegram's login is set up (TELEGRAM_LOGIN oidc or widget, with a bot).
 */
export function TelegramContinue(props: TelegramContinueProps) {
  return (
    <Suspense fallback={null}>
      <TelegramLink {...props} />
    </Suspense>
  );
}

function TelegramLink({ page, from }: TelegramContinueProps) {
  const { t, i18n } = useTexts('auth');
  const { data } = useTelegramLogin();
  if (data.login === 'off') return null;
  const query = new URLSearchParams({ page, lng: i18n.language === 'am' ? 'am' : 'en', ...(from ? { from } : {}) });
  return (
    <div className={styles.telegram}>
      <p className={styles.or}>
        <span>{t('telegram.or')}</span>
      </p>
      <ButtonLink to={`/api/auth/telegram/start?${query.toString()}`} reloadDocument variant="secondary" block>
        <PaperPlaneIcon size={20} />
        {t('telegram.continue')}
      </ButtonLink>
    </div>
  );
}
