import type { ReactNode } from 'react';
import { useTexts } from '@/lib/use-texts';
import styles from './listing-grid.module.css';
import { LoadFailed } from '@/components/ui/load-failed';
import { ListingCardSkeleton } from './listing-card';

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

/** A grid of `count` card skeletons while the listings load. */
export function ListingGridSkeleton({ count }: { count: number }) {
  return (
    <ListingGrid busy>
      {Array.from({ length: count }, (_, i) => (
        <ListingGridItem key={i}>
          <ListingCardSkeleton />
        </ListingGridItem>
      ))}
    </ListingGrid>
  );
}

/** In place of a grid whose listings could not be loaded: what went wrong and a retry. */
export function ListingGridError({ query }: { query: { error: unknown; isFetching: boolean; refetch: () => unknown } }) {
  const { t } = useTexts(['listings', 'common']);
  return <LoadFailed title={t('listings:browse.loadFailed')} query={query} small={false} />;
}
