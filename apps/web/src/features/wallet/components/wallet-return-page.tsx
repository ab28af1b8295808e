import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useQueryClient } from '@tanstack/react-query';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { errorText } from '@/lib/error-text';
import { useVerifyPurchase, VERIFY_PATIENCE_MS } from '../api/verify-purchase';
import { walletBalanceKey } from '../api/wallet-balance';
import { purchaseSuccess } from '../lib/purchase-success';
import { returnViewOf, txRefOf } from '../lib/return-state';
import { isLocalPath } from '../lib/wallet-arrival';
import styles from './wallet-page.module.css';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /wallet/return?tx_ref=…: where the hosted checkout brings the user back. Confirms the payment
 * with the server (which asks the gateway), then shows what was granted and continues to the
 * carried return path; a failed or cancelled payment says why and offers to try again.
 */
export function WalletReturnPage() {
  const { t } = useTexts(['wallet', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const txRef = txRefOf(location.search);
  const [patient, setPatient] = useState(true);
  const verify = useVerifyPurchase(txRef, patient);
  const answer = verify.data;
  const view = returnViewOf(answer?.status, patient);
  const announced = useRef(false);

  const title = t('return.title');
  usePageTitle(title);

  // Still pending after a minute: stop polling and say so (the credits come when it confirms).
  useEffect(() => {
    if (!patient) return;
    const timer = setTimeout(() => setPatient(false), VERIFY_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [patient]);

  const next = answer?.return_path && isLocalPath(answer.return_path) ? answer.return_path : paths.wallet;

  useEffect(() => {
    if (answer?.status !== 'paid' || announced.current) return;
    announced.current = true;
    emitAppEvent(APP_EVENTS.walletUpdated);
    void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    const success = purchaseSuccess(answer);
    window.alert(t(success.key, { count: success.count }));
    void navigate(next, { replace: true });
  }, [answer, next, navigate, queryClient, t]);

  const retry = () =>
    void navigate(paths.wallet, {
      state: { highlightSku: answer?.sku, ...(answer?.return_path ? { returnTo: answer.return_path, returnAfterPurchase: true } : {}) },
    });

  let body;
  if (!txRef) {
    body = (
      <Alert tone="error" title={t('return.invalid')}>
        <p>
          <AppLink to={paths.wallet}>{t('return.backToWallet')}</AppLink>
        </p>
      </Alert>
    );
  } else if (verify.isError) {
    const notFound = verify.error instanceof ApiError && verify.error.status === 404;
    body = (
      <Alert
        tone="error"
        title={t(notFound ? 'return.notFound' : 'return.checkFailed')}
        action={
          notFound ? undefined : (
            <Button small variant="secondary" onClick={() => void verify.refetch()} loading={verify.isFetching}>
              {t('return.checkAgain')}
            </Button>
          )
        }
      >
        {notFound ? null : <p>{errorText(t, verify.error)}</p>}
        <p>
          <AppLink to={paths.wallet}>{t('return.backToWallet')}</AppLink>
        </p>
      </Alert>
    );
  } else if (!answer || view === 'confirming') {
    body = (
      <div role="status" aria-live="polite" className={styles.confirming}>
        <span className={styles.spinner} aria-hidden="true" />
        <p>{t('return.confirming')}</p>
      </div>
    );
  } else if (view === 'slow') {
    body = (
      <Alert
        tone="warning"
        title={t('return.slowTitle')}
        action={
          <Button small variant="secondary" onClick={() => setPatient(true)} loading={verify.isFetching}>
            {t('return.checkAgain')}
          </Button>
        }
      >
        <p>{t('return.slowBody')}</p>
      </Alert>
    );
  } else if (view === 'paid') {
    const success = purchaseSuccess(answer);
    body = (
      <Alert tone="success" title={t(success.key, { count: success.count })}>
        <p>
          <AppLink to={next} replace>
            {t('return.continue')}
          </AppLink>
        </p>
      </Alert>
    );
  } else {
    body = (
      <Alert
        tone="error"
        title={t(`return.unpaid.${answer.status as 'failed' | 'cancelled' | 'expired' | 'mismatch'}`)}
        action={
          <Button small onClick={retry}>
            {t('return.tryAgain')}
          </Button>
        }
      >
        <p>{t('return.nothingCharged')}</p>
      </Alert>
    );
  }

  return (
    <div className={`page ${styles.wallet}`}>
      <h1 className={styles.title}>{title}</h1>
      {body}
    </div>
  );
}
