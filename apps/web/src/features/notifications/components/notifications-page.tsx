import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import type { TNotification } from '@betoch/contracts/saved-searches';
import { LoadFailed } from '@/components/ui/load-failed';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { APP_EVENTS, onAppEvent } from '@/lib/app-events';
import { formatEtb } from '@/lib/format-money';
import { subcityName, useListingTitle } from '@/lib/listing-title';
import { formatRelativeTime } from '@/lib/relative-time';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNotifications } from '../api/get-notifications';
import { notificationKeys } from '../api/query-keys';
import styles from './notifications-page.module.css';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /notifications, newest first: new listings that matched a saved search (opening one marks it
 * read and opens the listing; a listing no longer live says so), and saved homes that left the
 * market (opening one marks it read and opens /saved). New ones arrive live (the event stream's
 * `notifications` event refreshes the list).
 */
export function NotificationsPage() {
  const { t } = useTexts(['alerts', 'common']);
  const list = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const queryClient = useQueryClient();

  usePageTitle(t('notifications.title'));
  useEffect(() => onAppEvent(APP_EVENTS.notificationsChanged, () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list })), [queryClient]);

  const items = list.data?.notifications;
  const unread = list.data?.unread ?? 0;

  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('notifications.title')}</h1>
        {unread > 0 ? (
          <Button variant="secondary" small onClick={() => markAll.mutate()} loading={markAll.isPending}>
            {t('notifications.markAll')}
          </Button>
        ) : null}
      </header>
      {list.isPending ? (
        <div className={styles.list} aria-busy="true">
          <Skeleton height={84} />
          <Skeleton height={84} />
          <Skeleton height={84} />
        </div>
      ) : list.isError ? (
        <LoadFailed title={t('notifications.loadFailed')} query={list} small={false} />
      ) : !items?.length ? (
        <EmptyState
          title={t('notifications.empty')}
          action={
            <ButtonLink to={paths.browse} variant="secondary">
              {t('notifications.saveSearch')}
            </ButtonLink>
          }
        >
          <p>{t('notifications.emptyText')}</p>
        </EmptyState>
      ) : (
        <ul className={styles.list} data-testid="notifications">
          {items.map((item) => (
            <NotificationItem key={item._id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NotificationItem({ item }: { item: TNotification }) {
  const { t, i18n } = useTexts(['alerts', 'common']);
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const title = useListingTitle();
  // A saved home gone from the market opens /saved, where it shows 'No longer available' (its own
  // page answers 'not found' to everyone but its poster while it is off the market).
  const gone = item.kind === 'saved_listing_gone';
  const to = gone ? paths.saved : paths.listing(item.listing._id);
  const listing = {
    title: item.listing.title,
    title_generated: item.listing.title_generated,
    type: item.listing.type,
    bedrooms: item.listing.bedrooms,
    subcity: item.listing.subcity,
  };
  const what = gone
    ? t('notifications.savedGone')
    : item.search_name
      ? t('notifications.matched', { name: item.search_name })
      : t('notifications.matchedNoName');

  return (
    <li className={`${styles.item} ${item.read ? '' : styles.unread}`}>
      <a
        href={to}
        className={styles.link}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          if (!item.read) markRead.mutate(item._id);
          void navigate(to);
        }}
      >
        <span className={styles.what}>
          {!item.read ? <span className={styles.dot}>{t('notifications.unread')}</span> : null}
          {what}
        </span>
        <span className={styles.listing}>{title(listing)}</span>
        <span className={styles.meta}>
          {gone ? <span>{subcityName(item.listing.subcity, t)}</span> : <span>{formatEtb(item.listing.price, i18n.language)}</span>}
          <span aria-hidden="true">·</span>
          <time dateTime={item.created_at}>{formatRelativeTime(item.created_at, i18n.language)}</time>
          {!gone && !item.listing.available ? <span className={styles.gone}>{t('notifications.unavailable')}</span> : null}
        </span>
      </a>
    </li>
  );
}
