import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Sku } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { usePurchase } from '../api/purchase';
import { useWalletBalance } from '../api/wallet-balance';
import { purchaseSuccess } from '../lib/purchase-success';
import { pathAfterPurchase, readWalletArrival } from '../lib/wallet-arrival';
import { audienceOf, cardsFor } from '../lib/wallet-cards';
import { BalanceSummary } from './balance-summary';
import { BuyCard } from './buy-card';
import { PaymentMethods } from './payment-methods';
import styles from './wallet-page.module.css';

/** What the last purchase said: its success alert, or the failure's message (none: the fallback). */
type Notice = { tone: 'success'; text: string } | { tone: 'error'; detail?: string };

/** /wallet (spec section 2): balances, active plans, the Buy cards and the payment methods. */
export function WalletPage() {
  const { t } = useTranslation(['wallet', 'common']);
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const userType = session.userType ?? session.user?.userType ?? 'tenant';
  const audience = audienceOf(userType);
  const arrival = useMemo(() => readWalletArrival(location.state), [location.state]);
  const cards = useMemo(() => cardsFor(userType), [userType]);
  const highlight = cards.some((c) => c.sku === arrival.highlightSku) ? arrival.highlightSku : undefined;

  // Always fresh on arrival: the user is about to pay.
  const balance = useWalletBalance(true, true);

  const purchase = usePurchase();
  const [notice, setNotice] = useState<Notice | null>(null);
  const highlighted = useRef<HTMLLIElement>(null);

  const title = t('title');
  const brand = t('common:brand.name');
  useEffect(() => {
    document.title = `${title} · ${brand}`;
  }, [title, brand]);

  // The outlined card is brought into view once the balance above it has its final height.
  const settled = !balance.isPending;
  useEffect(() => {
    if (!settled || !highlighted.current) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    highlighted.current.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [settled, highlight]);

  const buy = async (sku: Sku) => {
    setNotice(null);
    try {
      const answer = await purchase.mutateAsync(sku);
      const success = purchaseSuccess(answer);
      const text = t(success.key, { count: success.count });
      setNotice({ tone: 'success', text });
      window.alert(text);
      const next = pathAfterPurchase(arrival);
      if (next) void navigate(next, { replace: true });
    } catch (error) {
      const detail = error instanceof ApiError ? errorText(t, error) : undefined;
      setNotice({ tone: 'error', detail });
      window.alert(detail ?? t('purchase.failed'));
    }
  };

  const busySku = purchase.isPending ? purchase.variables : undefined;

  return (
    <div className={`page ${styles.wallet}`}>
      <h1 className={styles.title}>{title}</h1>

      {arrival.listingId ? (
        <Alert tone="info" title={t('arrival.almostThere')}>
          <p>{t(audience === 'delala' ? 'arrival.fromListingBroker' : 'arrival.fromListing')}</p>
        </Alert>
      ) : arrival.returnTo ? (
        <Alert tone="info">
          <p>{t('arrival.willReturn')}</p>
        </Alert>
      ) : null}

      <div aria-live="polite" aria-atomic="true">
        {notice?.tone === 'success' ? <Alert tone="success" title={notice.text} /> : null}
      </div>
      {notice?.tone === 'error' ? (
        <Alert tone="error" title={t('purchase.failed')}>
          {notice.detail ? <p>{notice.detail}</p> : null}
        </Alert>
      ) : null}

      <p className={styles.tip}>{t(`tip.${userType}`)}</p>

      <section aria-labelledby="balance-title" className={styles.balanceSection} aria-busy={balance.isPending || undefined}>
        <h2 id="balance-title" className="visually-hidden">
          {t('balance.title')}
        </h2>
        {balance.isPending ? (
          <div className={styles.balances} role="status" aria-label={t('balance.loading')}>
            <Skeleton height={96} radius={12} />
          </div>
        ) : balance.isError ? (
          <Alert
            tone="error"
            title={t('balance.failed')}
            action={
              <Button small variant="secondary" onClick={() => void balance.refetch()} loading={balance.isFetching}>
                {t('balance.tryAgain')}
              </Button>
            }
          >
            <p>{errorText(t, balance.error)}</p>
          </Alert>
        ) : (
          <BalanceSummary balance={balance.data} userType={userType} />
        )}
      </section>

      <section aria-labelledby="buy-title">
        <h2 id="buy-title" className={styles.sectionTitle}>
          {t(audience === 'delala' ? 'buy.postCredits' : 'buy.credits')}
        </h2>
        <ul className={styles.cards}>
          {cards.map((card) => (
            <BuyCard
              key={card.sku}
              ref={card.sku === highlight ? highlighted : undefined}
              card={card}
              highlighted={card.sku === highlight}
              busy={busySku === card.sku}
              disabled={purchase.isPending}
              onBuy={() => void buy(card.sku)}
            />
          ))}
        </ul>
      </section>

      <PaymentMethods />
    </div>
  );
}
