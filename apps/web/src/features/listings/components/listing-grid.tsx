import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import styles from './listing-grid.module.css';

/** One column on phones, two on tablets, three on wide screens. */
export function ListingGrid({ children, label, busy }: { children: ReactNode; label?: string; busy?: boolean }) {
  return (
    <ul className={styles.grid} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

export function ListingGridItem({ children }: { children: ReactNode }) {
  return <li className={styles.item}>{children}</li>;
}

/** In place of a grid whose listings could not be loaded: what went wrong and a retry. */
export function ListingGridError({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTranslation(['listings', 'common']);
  return (
    <Alert
      tone="error"
      title={t('listings:browse.loadFailed')}
      action={
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('common:actions.tryAgain')}
        </Button>
      }
    >
      <p>{errorText(t, query.error)}</p>
    </Alert>
  );
}
