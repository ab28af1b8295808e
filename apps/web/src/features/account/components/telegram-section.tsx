import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/load-failed';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateTelegramLink } from '../api/create-telegram-link';
import { useDisconnectTelegram } from '../api/disconnect-telegram';
import { useTelegram } from '../api/get-telegram';
import { useConnectDemoBot } from '../api/connect-demo-bot';
import { DemoBotMessages } from './demo-bot-messages';
import { formatMarketDateTime } from '@/lib/format-date';
import { Section } from './section';
import styles from './account.module.css';

/**
 * 'Telegram' on /account (docs/telegram.md): connect the bot with a one-time link, or disconnect.
 * Nothing at all when the site has no bot.
 */
export function TelegramSection() {
  const { t, i18n } = useTexts('account');
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const telegram = useTelegram(link !== null);
  const create = useCreateTelegramLink();
  const disconnect = useDisconnectTelegram();
  const demoConnect = useConnectDemoBot();

  if (telegram.data && !telegram.data.available) return null;
  const language = i18n.resolvedLanguage === 'am' ? 'am' : 'en';

  // Demo mode's built-in bot cannot be opened in Telegram: connecting is as if Start was pressed.
  const connect = () =>
    telegram.data?.demo_bot
      ? demoConnect.mutate(language)
      : create.mutate({ language }, { onSuccess: (answer) => setLink({ url: answer.url, expiresAt: answer.expires_at }) });

  return (
    <Section title={t('telegram.heading')}>
      {telegram.isPending ? (
        <Skeleton height={64} />
      ) : telegram.isError ? (
        <LoadFailed title={t('telegram.loadFailed')} query={telegram} />
      ) : telegram.data.linked ? (
        <div className={styles.stack} data-testid="telegram-linked">
          <p>{t('telegram.linked', { when: telegram.data.linked_at ? formatMarketDateTime(telegram.data.linked_at, language) : '' })}</p>
          {disconnect.isError ? <Alert tone="error">{t('telegram.failed')}</Alert> : null}
          <div>
            <Button variant="secondary" onClick={() => disconnect.mutate(undefined, { onSuccess: () => setLink(null) })} loading={disconnect.isPending}>
              {t('telegram.disconnect')}
            </Button>
          </div>
          {telegram.data.demo_bot ? <DemoBotMessages /> : null}
        </div>
      ) : (
        <div className={styles.stack}>
          <p>{t('telegram.text')}</p>
          {create.isError || demoConnect.isError ? <Alert tone="error">{t('telegram.failed')}</Alert> : null}
          {link ? (
            <div className={styles.stack} aria-live="polite">
              <p>
                <a href={link.url} target="_blank" rel="noopener noreferrer" data-testid="telegram-open">
                  {t('telegram.open')}
                </a>
              </p>
              <p className={styles.muted}>{t('telegram.waiting')}</p>
            </div>
          ) : (
            <div>
              <Button onClick={connect} loading={create.isPending || demoConnect.isPending}>
                {t('telegram.connect')}
              </Button>
            </div>
          )}
        </div>
      )}
    </Section>
  );
}
