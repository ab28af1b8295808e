import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/use-page-title';
import { useFinishFayda } from '../api/finish-fayda';
import { useStartFayda } from '../api/start-fayda';
import styles from './fayda-offer.module.css';

/**
 * /account/fayda: where Fayda sends the person back (FAYDA_REDIRECT_URI). The code and state go
 * to the server once; the page says whether it worked, in the person's language, and offers to try
 * again when it did not.
 */
export function FaydaReturnPage() {
  const { t, i18n } = useTexts(['fayda', 'common']);
  usePageTitle(t('return.title'));
  const [params] = useSearchParams();
  const finish = useFinishFayda();
  const again = useStartFayda();
  const sent = useRef(false);
  const state = params.get('state') ?? '';
  const code = params.get('code') ?? undefined;
  const error = params.get('error') ?? undefined;

  useEffect(() => {
    // Once: a code is used once, and a second call would be refused as a reused code.
    if (sent.current) return;
    sent.current = true;
    finish.mutate({ state, ...(code ? { code } : {}), ...(error ? { error } : {}) });
  }, [finish, state, code, error]);

  return (
    <div className="page">
      <div className={styles.page}>
        <h1>{t('return.title')}</h1>
        {finish.isSuccess ? (
          <Alert tone="success" title={t('return.done')}>
            {t('verified.name', { name: finish.data.verification.name })}
          </Alert>
        ) : finish.isError ? (
          <>
            <Alert tone="error" title={t('return.failed')}>
              {errorText(t, finish.error)}
            </Alert>
            <div>
              <Button onClick={() => again.mutate(i18n.language === 'am' ? 'am' : 'en')} loading={again.isPending || again.isSuccess}>
                {t('return.tryAgain')}
              </Button>
            </div>
          </>
        ) : (
          <p role="status">
            <Spinner size={18} decorative /> {t('return.checking')}
          </p>
        )}
        <p>
          <AppLink to={paths.account}>{t('return.toAccount')}</AppLink> · <AppLink to={paths.myListings}>{t('return.toListings')}</AppLink>
        </p>
      </div>
    </div>
  );
}
