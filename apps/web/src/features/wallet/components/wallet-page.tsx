import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import type { Sku } from '@betoch/contracts/constants';
import { isPendingPurchase } from '@betoch/contracts/wallet';
import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { goToCheckout } from '@/lib/go-to-checkout';
import { useSession } from '@/lib/session';
import { usePurchase } from '../api/purchase';
import { useWalletBalance } from '../api/wallet-balance';
import { purchaseSuccess } from '../lib/purchase-success';
import { pathAfterPurchase, readWalletArrival, type WalletArrival } from '../lib/wallet-arrival';
import { audienceOf, cardsFor, type BuyCard as BuyCardData } from '../lib/wallet-cards';
import { BalanceSummary } from './balance-summary';
import { WalletHistory } from './wallet-history';
import { BuyCard } from './buy-card';
import { PaymentMethods } from './payment-methods';
import styles from './wallet-page.module.css';
import { usePageTitle } from '@/lib/use-page-title';
import { LoadFailed } from '@/components/ui/load-failed';

/**
 * The card to outline: the sku the state asked for when this user can buy it; arriving from a
 * listing without one, the first card (one credit is what one unlock costs; one post credit).
 */
function highlightedSku(arrival: WalletArrival, cards: readonly BuyCardData[]): Sku | undefined {
  if (cards.some((c) => c.sku === arrival.highlightSku)) return arrival.highlightSku;
  return arrival.listingId ? cards[0]?.sku : undefined;
}

/** What the last purchase said: its success alert, or the failure's message (none: the fallback). */
type Notice = { tone: 'success'; text: string } | { tone: 'error'; detail?: string } | { tone: 'redirect' };

/** /wallet: balances, active plans, the Buy cards and the payment methods. */
export function WalletPage() {
  const { t } = useTexts(['wallet', 'common']);
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const userType = session.userType ?? session.user?.userType ?? 'tenant';
  const audience = audienceOf(userType);
  const arrival = useMemo(() => readWalletArrival(location.state), [location.state]);
  const cards = useMemo(() => cardsFor(userType), [userType]);
  const highlight = highlightedSku(arrival, cards);

  // Always fresh on arrival: the user is about to pay.
  const balance = useWalletBalance(true, true);

  const purchase = usePurchase();
  const [notice, setNotice] = useState<Notice | null>(null);
  const highlighted = useRef<HTMLLIElement>(null);

  const title = t('title');
  usePageTitle(title);

  // The page opens at its top: a link from further down another page (the contact panel of a
  // listing) does not carry its scroll here, where it would hide 'Almost there!'.
  useLayoutEffect(() => {
    window.scrollTo?.({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  // Without the banner, the outlined card is brought into view once the balance above it has its
  // final height. With it, the banner and the cards open the page, so both are on the first screen.
  const settled = !balance.isPending;
  const fromListing = Boolean(arrival.listingId);
  useEffect(() => {
    if (!settled || fromListing || !highlighted.current) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    highlighted.current.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [settled, highlight, fromListing]);

  const buy = async (sku: Sku) => {
    setNotice(null);
    try {
      const next = pathAfterPurchase(arrival);
      const answer = await purchase.mutateAsync({ sku, returnPath: next });
      if (isPendingPurchase(answer)) {
        // A hosted checkout: the gateway brings the user back to /wallet/return.
        setNotice({ tone: 'redirect' });
        goToCheckout(answer.checkout_url);
        return;
      }
      const success = purchaseSuccess(answer);
      const text = t(success.key, { count: success.count });
      setNotice({ tone: 'success', text });
      window.alert(text);
      if (next) void navigate(next, { replace: true });
    } catch (error) {
      const detail = error instanceof ApiError ? errorText(t, error) : undefined;
      setNotice({ tone: 'error', detail });
      window.alert(detail ?? t('purchase.failed'));
    }
  };

  const busySku = purchase.isPending || notice?.tone === 'redirect' ? purchase.variables?.sku : undefined;

  const balanceAndTip = (
    <>
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
          <LoadFailed title={t('balance.failed')} query={balance} retryLabel={t('balance.tryAgain')} />
        ) : (
          <BalanceSummary balance={balance.data} userType={userType} />
        )}
      </section>
    </>
  );

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
        {notice?.tone === 'redirect' ? <Alert tone="info" title={t('checkout.redirecting')} /> : null}
      </div>
      {notice?.tone === 'error' ? (
        <Alert tone="error" title={t('purchase.failed')}>
          {notice.detail ? <p>{notice.detail}</p> : null}
        </Alert>
      ) : null}

      {fromListing ? null : balanceAndTip}

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
              disabled={purchase.isPending || notice?.tone === 'redirect'}
              onBuy={() => void buy(card.sku)}
            />
          ))}
        </ul>
      </section>

      {fromListing ? balanceAndTip : null}

      <WalletHistory />

      <PaymentMethods />
    </div>
  );
}
