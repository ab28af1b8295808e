import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadFailure } from './load-failure';
import styles from './admin.module.css';

/**
 * What an admin list shows for its query: a skeleton while it loads, why it failed with Try again,
 * the empty line when there is nothing, else `children` with the answer.
 */
export function QueryStates<D>({
  query,
  failedTitle,
  isEmpty,
  empty,
  pending = <Skeleton height={160} radius={12} />,
  children,
}: {
  query: UseQueryResult<D>;
  failedTitle: string;
  isEmpty: (data: D) => boolean;
  empty: ReactNode;
  pending?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending) return pending;
  if (query.isError) return <LoadFailure title={failedTitle} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (isEmpty(query.data)) return <p className={styles.empty}>{empty}</p>;
  return children(query.data);
}
