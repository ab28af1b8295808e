import type { TSavedSearch } from '@betoch/contracts/saved-searches';
import { useTexts } from '@/lib/use-texts';
import { useTelegramStatus } from '../api/get-telegram-status';
import styles from './saved-searches-section.module.css';

/**
 * A saved search's alerts by Telegram (docs/telegram.md): shown only to an account linked to the
 * bot. One channel per search: Telegram on turns the daily SMS off, and the server keeps it so.
 */
export function TelegramAlertsToggle({ search, busy, onToggle }: { search: TSavedSearch; busy: boolean; onToggle: (change: { telegram: boolean }) => void }) {
  const { t } = useTexts('alerts');
  const status = useTelegramStatus();
  if (!status.data?.linked) return null;
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={search.telegram}
        disabled={busy}
        onChange={(e) => onToggle({ telegram: e.target.checked })}
        aria-label={t('section.telegramFor', { name: search.name })}
      />
      <span aria-hidden="true">{t('section.telegram')}</span>
    </label>
  );
}
