import { useEffect, useId, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTexts } from '@/lib/use-texts';
import type { TListingCard } from '@betoch/contracts/listings';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { APP_EVENTS, onAppEvent } from '@/lib/app-events';
import { useFavourites } from '../api/get-favourites';
import { favouriteKeys } from '../api/query-keys';
import { useSetFavourite } from '../api/set-favourite';
import { HeartIcon } from '@/components/ui/heart-icon';
import styles from './favourites-section.module.css';
import { LoadFailed } from '@/components/ui/load-failed';

export interface FavouritesSectionProps {
  /** Draws one saved listing's card (the app passes the listings' own card). */
  renderCard: (listing: TListingCard, index: number) => ReactNode;
}

/**
 * /saved: the listings the user saved, newest saved first; one that is no longer live is marked
 * 'No longer available' (and can be removed), at once when the event stream's `notifications`
 * event says one left the market while the page is open; none yet leads to /browse.
 */
export function FavouritesSection({ renderCard }: FavouritesSectionProps) {
  const { t } = useTexts(['favourites', 'common']);
  const session = useSession();
  const user = session.user?.phone ?? '';
  const query = useFavourites(user);
  const remove = useSetFavourite(user);
  const headingId = useId();
  const queryClient = useQueryClient();
  useEffect(
    () => onAppEvent(APP_EVENTS.notificationsChanged, () => void queryClient.invalidateQueries({ queryKey: favouriteKeys.list(user) })),
    [queryClient, user],
  );

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-label={t('common:status.loading')} className={styles.loading}>
        <Skeleton height={260} radius={12} />
        <Skeleton height={260} radius={12} />
      </div>
    );
  } else if (query.isError) {
    content = <LoadFailed title={t('section.failed')} query={query} />;
  } else if (query.data.favourites.length === 0) {
    content = (
      <EmptyState
        icon={<HeartIcon filled={false} size={40} />}
        title={t('section.emptyTitle')}
        action={<ButtonLink to={paths.browse}>{t('section.browse')}</ButtonLink>}
      >
        <p>{t('section.emptyText')}</p>
      </EmptyState>
    );
  } else {
    content = (
      <ul className={styles.list} aria-labelledby={headingId}>
        {query.data.favourites.map((saved, index) => (
          <li key={saved.listing._id} className={saved.available ? styles.item : `${styles.item} ${styles.gone}`}>
            {saved.available ? null : (
              <div className={styles.goneBar}>
                <span className={styles.goneMark}>{t('section.unavailable')}</span>
                <Button
                  small
                  variant="ghost"
                  onClick={() => remove.mutate({ listingId: saved.listing._id, saved: false })}
                  loading={remove.isPending && remove.variables?.listingId === saved.listing._id}
                >
                  {t('section.remove')}
                </Button>
              </div>
            )}
            {renderCard(saved.listing, index)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.title}>
        {t('section.title')}
        {query.data?.favourites.length ? <span className={styles.count}> ({query.data.favourites.length})</span> : null}
      </h2>
      {content}
    </section>
  );
}
