import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TConversationSummary } from '@betoch/contracts/conversations';
import { HomeIcon, LockIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { paths } from '@/config/paths';
import { formatRelativeTime } from '@/lib/relative-time';
import { translateContactMask } from '@/lib/contact-mask';
import { useListingTitle } from '@/lib/listing-title';
import { counterpartDeleted, counterpartName, isLockedForViewer, isTenantViewer, lastMessageView } from '../lib/conversation-view';
import { unreadBadgeText } from '../lib/unread-badge';
import styles from './inbox-page.module.css';

/**
 * One inbox row: the listing's first photo or a house, the counterpart's name,
 * 'Locked' and unread badges, the listing title with its price, the last message, and when.
 */
export function ConversationRow({ conversation, now }: { conversation: TConversationSummary; now: number }) {
  const { t, i18n } = useTexts('chat');
  const listing = conversation.listing_id;
  const titleOf = useListingTitle();
  const photo = listing?.photos[0];
  const name = counterpartDeleted(conversation)
    ? t('inbox.deletedUser')
    : (counterpartName(conversation) ?? (isTenantViewer(conversation) ? t('inbox.ownerFallback') : t('inbox.tenantFallback')));
  const locked = isLockedForViewer(conversation);
  const unread = unreadBadgeText(conversation.unread_count);
  const last = lastMessageView(conversation);
  const lastText =
    last.kind === 'text'
      ? translateContactMask(last.text, t('contact_hidden'))
      : last.kind === 'locked'
        ? t('lastMessage.locked')
        : last.kind === 'empty'
          ? t('lastMessage.empty')
          : t('lastMessage.none');

  return (
    <AppLink to={paths.conversation(conversation._id)} className={`${styles.row} ${unread ? styles.rowUnread : ''}`} data-testid="conversation-row">
      <span className={styles.thumb}>{photo ? <ResponsivePhoto photo={photo} alt="" sizes="64px" /> : <HomeIcon size={28} />}</span>
      <span className={styles.rowBody}>
        <span className={styles.rowTop}>
          <span className={styles.name}>{translateContactMask(name, t('contact_hidden'))}</span>
          <time className={styles.time} dateTime={conversation.updatedAt}>
            {formatRelativeTime(conversation.updatedAt, i18n.language, now)}
          </time>
        </span>
        <span className={styles.listing}>
          {listing ? (
            <>
              <span className={styles.listingTitle}>{titleOf(listing)}</span>
              <Price amount={listing.price_etb} className={styles.price} />
            </>
          ) : (
            <span className={styles.listingTitle}>{t('inbox.listingRemoved')}</span>
          )}
        </span>
        <span className={styles.rowBottom}>
          {locked ? (
            <span className={styles.lockedBadge}>
              <LockIcon size={12} /> {t('inbox.locked')}
            </span>
          ) : null}
          <span className={`${styles.last} ${last.kind === 'text' ? '' : styles.lastMuted}`} data-testid="last-message">
            {lastText}
          </span>
          {unread ? (
            <span className={styles.unread} data-testid="row-unread">
              <span aria-hidden="true">{unread}</span>
              <span className="visually-hidden">{` (${t('inbox.unread', { count: conversation.unread_count })})`}</span>
            </span>
          ) : null}
        </span>
      </span>
    </AppLink>
  );
}
