import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { MessageIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useConversations } from '../api/get-conversations';
import { useChatLive } from '../hooks/use-chat-live';
import { useMessageSent } from '../hooks/use-message-sent';
import { MessageSentNote } from './message-sent-note';
import { useNow } from '../hooks/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { byLatestActivity } from '../lib/conversation-view';
import { readInboxState } from '../lib/inbox-state';
import { ConversationRow } from './conversation-row';
import styles from './inbox-page.module.css';
import { useListingText } from '@/lib/contact-mask';
import { useListingTitle } from '@/lib/listing-title';
import { LoadFailed } from '@/components/ui/load-failed';
import { RecordList } from '@/components/ui/record-list';

function RowSkeleton() {
  return (
    <li className={styles.skeletonRow} aria-hidden="true">
      <Skeleton width={64} height={64} radius={10} />
      <span className={styles.skeletonLines}>
        <Skeleton height={18} width="50%" />
        <Skeleton height={16} width="80%" />
        <Skeleton height={16} width="65%" />
      </span>
    </li>
  );
}

/**
 * /chat and /messages (signed in): the conversations inbox, latest activity first; one listing's
 * conversations when navigation state names it (the owner's 'view messages').
 */
export function InboxPage() {
  const { t } = useTexts(['chat', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const { listingId, listingTitle } = readInboxState(location.state);
  const messageSent = useMessageSent();
  const query = useConversations(listingId);
  const now = useNow(30_000);
  useChatLive();

  const conversations = query.data ? byLatestActivity(query.data.conversations) : undefined;
  const shown = useListingText();
  const titleOf = useListingTitle();
  // The listing as answered (its title in the reader's language), else the title the owner's page passed.
  const filtered = listingId ? conversations?.[0]?.listing_id : undefined;
  const filterTitle = !listingId ? undefined : filtered ? titleOf(filtered) : listingTitle ? shown(listingTitle) : undefined;
  const title = filterTitle ? t('inbox.titleForListing', { title: filterTitle }) : t('inbox.title');
  usePageTitle(title);
  const showAll = () => void navigate(location.pathname, { replace: true, state: null });

  return (
    <div className={`page ${styles.page}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {listingId ? null : <p className={styles.subtitle}>{t('inbox.subtitle')}</p>}
      </header>

      <MessageSentNote shown={messageSent} />

      {query.isPending ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('common:status.loading')}>
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
        </ul>
      ) : query.isError ? (
        <LoadFailed title={t('inbox.loadFailed')} query={query} retryLabel={t('inbox.tryAgain')} small={false} />
      ) : !conversations?.length ? (
        listingId ? (
          <EmptyState
            icon={<MessageIcon size={40} style={{ margin: '0 auto' }} />}
            title={t('inbox.emptyForListingTitle')}
            action={
              <Button variant="secondary" onClick={showAll}>
                {t('inbox.showAll')}
              </Button>
            }
          >
            <p>{t('inbox.emptyForListingText')}</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<MessageIcon size={40} style={{ margin: '0 auto' }} />}
            title={t('inbox.emptyTitle')}
            action={<ButtonLink to={paths.home}>{t('inbox.browse')}</ButtonLink>}
          >
            <p>{t('inbox.emptyText')}</p>
          </EmptyState>
        )
      ) : (
        <>
          <RecordList items={conversations} className={styles.list}>
            {(c) => <ConversationRow conversation={c} now={now} />}
          </RecordList>
          {listingId ? (
            <div className={styles.showAll}>
              <Button variant="secondary" onClick={showAll}>
                {t('inbox.showAll')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
