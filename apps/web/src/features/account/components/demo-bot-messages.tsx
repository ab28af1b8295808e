import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDemoBot } from '../api/get-demo-bot';
import { usePressDemoButton } from '../api/press-demo-button';
import { formatMarketDateTime } from '@/lib/format-date';
import styles from './account.module.css';

/**
 * Demo mode's built-in Telegram bot (docs/telegram.md): what the bot sent to this account, as the
 * demo shows sign-in codes on screen, with its buttons working as they would in Telegram.
 */
export function DemoBotMessages() {
  const { t, i18n } = useTexts('account');
  const bot = useDemoBot();
  const press = usePressDemoButton();
  const [answer, setAnswer] = useState<string | null>(null);
  const language = i18n.resolvedLanguage === 'am' ? 'am' : 'en';
  const messages = bot.data?.messages ?? [];

  return (
    <div className={styles.stack} data-testid="demo-bot">
      <h3 className={styles.subheading}>{t('telegram.demo.heading')}</h3>
      <p className={styles.muted}>{t('telegram.demo.note')}</p>
      {answer !== null ? (
        <Alert tone="info">
          <span role="status">{answer}</span>
        </Alert>
      ) : null}
      {bot.isSuccess && messages.length === 0 ? <p>{t('telegram.demo.empty')}</p> : null}
      <ol className={styles.botMessages} aria-label={t('telegram.demo.heading')}>
        {messages.map((m) => (
          <li key={m.id} className={styles.botMessage}>
            {m.photo ? <img src={m.photo} alt="" width={240} height={160} loading="lazy" className={styles.botPhoto} /> : null}
            <p className={styles.botText}>{m.text}</p>
            {m.buttons.length ? (
              <div className={styles.botButtons}>
                {m.buttons.map((b) =>
                  b.url ? (
                    <a key={b.text} href={b.url} className={styles.botLink}>
                      {b.text}
                    </a>
                  ) : (
                    <Button
                      key={b.text}
                      small
                      variant="secondary"
                      loading={press.isPending && press.variables === b.callback_data}
                      onClick={() => press.mutate(b.callback_data!, { onSuccess: (r) => setAnswer(r.answer) })}
                    >
                      {b.text}
                    </Button>
                  ),
                )}
              </div>
            ) : null}
            <p className={styles.muted}>{formatMarketDateTime(m.at, language)}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
