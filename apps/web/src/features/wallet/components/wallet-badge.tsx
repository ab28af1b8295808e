import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { WalletIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { APP_EVENTS } from '@/lib/app-events';
import { useCountRefresh } from '@/lib/use-count-refresh';
import { useSession } from '@/lib/session';
import { useWalletBalance, walletBalanceKey } from '../api/wallet-balance';
import styles from './wallet-badge.module.css';

/**
 * The count the badge shows, for one kind of user: the balance, reloaded on `walletUpdated`.
 * A failure is only logged.
 */
function useBadgeCount(type: 'tenant' | 'delala'): number | undefined {
  const session = useSession();
  const userType = session.userType ?? session.user?.userType;
  const enabled = session.isAuthenticated && userType === type;
  const balance = useWalletBalance(enabled);
  useCountRefresh({ event: APP_EVENTS.walletUpdated, queryKey: walletBalanceKey, enabled, error: balance.error, what: 'the wallet balance' });
  if (!enabled || !balance.data) return undefined;
  return type === 'tenant' ? balance.data.credits : balance.data.post_credits;
}

/** Tenants: their credit count, linking to /wallet (landlords and brokers see none here). */
export function WalletBadge() {
  // Not suspended: the bar shows the count at once; the spoken label follows when loaded.
  const { t, ready } = useTexts('wallet', { useSuspense: false });
  const count = useBadgeCount('tenant');
  if (count === undefined) return null;
  return (
    <AppLink to={paths.wallet} className={styles.badge} aria-label={ready ? t('badge.credits', { count }) : undefined} data-testid="wallet-badge">
      <WalletIcon size={18} />
      <span>{count}</span>
    </AppLink>
  );
}

/** Brokers: their post credit count, beside the Wallet link of the top bar. */
export function PostCreditsBadge() {
  const { t, ready } = useTexts('wallet', { useSuspense: false });
  const count = useBadgeCount('delala');
  // Only when the balance has post credits at all.
  if (typeof count !== 'number') return null;
  return (
    <span className={styles.count} data-testid="post-credits-badge">
      <span aria-hidden={ready || undefined}>{count}</span>
      {ready ? <span className="visually-hidden">{` (${t('badge.postCredits', { count })})`}</span> : null}
    </span>
  );
}
