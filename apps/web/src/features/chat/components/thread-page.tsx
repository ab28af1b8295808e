import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TFunction } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { UNREAD_REFRESH_MS } from '@betoch/contracts/constants';
import type { TConversationRole, TConversationSummary } from '@betoch/contracts/conversations';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { CheckIcon, FlagIcon, LockIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { APP_EVENTS, emitAppEvent } from '@/lib/app-events';
import { errorText } from '@/lib/error-text';
import { useThread } from '../api/get-thread';
import { chatKeys } from '../api/query-keys';
import { useUnlockReply } from '../api/unlock-reply';
import { useChatLive } from '../hooks/use-chat-live';
import { useMessageSent } from '../hooks/use-message-sent';
import { MessageSentNote } from './message-sent-note';
import { useNow } from '../hooks/use-now';
import { usePageTitle } from '@/lib/use-page-title';
import { translateContactMask } from '@/lib/contact-mask';
import { useListingTitle } from '@/lib/listing-title';
import { counterpartDeleted, counterpartName, sideDeleted } from '../lib/conversation-view';
import { failureText } from '../lib/failure-text';
import { isInsufficientCredits } from '@/lib/insufficient-credits';
import { MessageBubble } from './message-bubble';
import { MessageComposer } from './message-composer';
import { ReportConversationModal } from './report-conversation-modal';
import { UnlockBanner } from './unlock-banner';
import styles from './thread-page.module.css';
import { FaydaBadge } from '@/components/ui/fayda-badge';

function BackToInbox() {
  const { t } = useTexts('chat');
  return (
    <AppLink to={paths.chat} className={styles.back}>
      <span aria-hidden="true">←</span> {t('thread.back')}
    </AppLink>
  );
}

/** Who wrote a message, in the reader's words. */
function authorName(t: TFunction, conversation: TConversationSummary, role: TConversationRole, mine: boolean): string {
  if (mine) return t('thread.you');
  if (sideDeleted(conversation, role)) return t('inbox.deletedUser');
  const name = role === 'owner' ? conversation.participants.owner_name : conversation.participants.tenant_name;
  if (name?.trim()) return translateContactMask(name.trim(), t('contact_hidden'));
  return role === 'owner' ? t('inbox.ownerFallback') : t('inbox.tenantFallback');
}

/**
 * /chat/{id}: one conversation. Messages in a fixed-height panel that scrolls to
 * the newest; blurred owner replies for a tenant who has not unlocked them, with the unlock offer;
 * the contact reminder, the message box and the role's footer; the report modal. New messages
 * arrive through the event stream (or the 30 s poll while it is down).
 */
export function ThreadPage() {
  const { id = '' } = useParams();
  const { t } = useTexts(['chat', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const live = useChatLive(id);
  const thread = useThread(id, live ? false : UNREAD_REFRESH_MS);
  const unlock = useUnlockReply(id);
  const messageSent = useMessageSent();
  const [reportOpen, setReportOpen] = useState(false);
  const now = useNow(30_000);
  const panel = useRef<HTMLDivElement>(null);
  usePageTitle(t('thread.title'));
  const titleOf = useListingTitle();

  // After a message load a messageReceived event fires (the badge reloads); the
  // inbox's unread counts are stale now that this thread was read.
  const loadedAt = thread.isSuccess ? thread.dataUpdatedAt : 0;
  useEffect(() => {
    if (!loadedAt) return;
    emitAppEvent(APP_EVENTS.messageReceived);
    void queryClient.invalidateQueries({ queryKey: chatKeys.inboxes, refetchType: 'none' });
  }, [loadedAt, queryClient]);

  const messages = thread.data?.messages;
  const newestId = messages?.[messages.length - 1]?._id;
  useLayoutEffect(() => {
    const el = panel.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const data = thread.data;

  if (!data) {
    if (thread.isError) {
      return (
        <div className={`page ${styles.page}`}>
          <Alert
            tone="error"
            title={t('thread.loadFailed')}
            action={
              <ButtonLink to={paths.chat} variant="secondary">
                {t('thread.back')}
              </ButtonLink>
            }
          >
            <p>{errorText(t, thread.error)}</p>
          </Alert>
        </div>
      );
    }
    return <PageSpinner label={t('thread.loading')} />;
  }

  const { conversation } = data;
  const role = conversation.viewer_role;
  const unlocked = data.is_reply_unlocked;
  const showUnlock = role === 'tenant' && !unlocked && data.messages.some((m) => m.role === 'owner' && m.blurred);
  const listing = conversation.listing_id;
  const counterpart = counterpartDeleted(conversation) ? t('inbox.deletedUser') : counterpartName(conversation);

  const onUnlock = () => {
    if (unlock.isPending) return;
    unlock.mutate(undefined, {
      onSuccess: (answer) => window.alert(t('unlock.success', { count: answer.balance.credits })),
      onError: (error) => {
        if (isInsufficientCredits(error)) {
          if (window.confirm(t('unlock.needCredits'))) {
            void navigate(paths.wallet, { state: { returnTo: paths.conversation(id), returnAfterPurchase: true } });
          }
          return;
        }
        window.alert(failureText(t, error, t('unlock.failed')));
      },
    });
  };

  return (
    <div className={`page ${styles.page}`}>
      <header className={styles.header}>
        <div className={styles.topRow}>
          <BackToInbox />
          {role === 'admin' ? null : (
            <Button variant="ghost" small className={styles.reportButton} onClick={() => setReportOpen(true)} aria-label={t('thread.report')}>
              <FlagIcon size={18} />
              <span aria-hidden="true">{t('thread.reportShort')}</span>
            </Button>
          )}
        </div>
        <h1 className={styles.title}>{t('thread.title')}</h1>
        <p className={styles.context}>
          {counterpart ? <span className={styles.with}>{t('thread.with', { name: translateContactMask(counterpart, t('contact_hidden')) })}</span> : null}
          {role !== 'owner' && conversation.participants.owner_verified ? <FaydaBadge /> : null}
          {listing ? (
            <span className={styles.about}>
              <AppLink to={paths.listing(listing._id)}>{titleOf(listing)}</AppLink>
              <span aria-hidden="true"> · </span>
              <Price amount={listing.price_etb} />
            </span>
          ) : (
            <span className={styles.about}>{t('inbox.listingRemoved')}</span>
          )}
        </p>
      </header>

      <MessageSentNote shown={messageSent} />

      <section className={styles.thread} aria-label={t('thread.messages')}>
        {showUnlock ? <UnlockBanner unlocking={unlock.isPending} onUnlock={onUnlock} /> : null}

        {/* The log holds the list (a role on the <ol> itself would hide its list items). */}
        <div
          ref={panel}
          className={`${styles.panel} ${showUnlock ? styles.panelShort : ''}`}
          role="log"
          aria-live="polite"
          tabIndex={0}
          aria-label={t('thread.messages')}
        >
          <ol className={styles.messages}>
            {data.truncated ? <li className={styles.note}>{t('thread.truncated')}</li> : null}
            {data.messages.length === 0 ? <li className={styles.empty}>{t('thread.empty')}</li> : null}
            {data.messages.map((m) => (
              <MessageBubble key={m._id} message={m} author={authorName(t, conversation, m.role, m.mine)} now={now} />
            ))}
          </ol>
        </div>

        {role === 'admin' ? (
          <p className={styles.footer}>{t('thread.adminReadOnly')}</p>
        ) : (
          <>
            <p className={styles.reminder}>{t('composer.reminder')}</p>
            <MessageComposer conversationId={id} />
            <p className={`${styles.footer} ${role === 'tenant' && unlocked ? styles.footerOk : ''}`} data-testid="thread-footer">
              {role === 'owner' ? null : unlocked ? <CheckIcon size={16} /> : <LockIcon size={16} />}
              <span>{role === 'owner' ? t('footer.owner') : unlocked ? t('footer.tenantUnlocked') : t('footer.tenantLocked')}</span>
            </p>
          </>
        )}
      </section>

      <ReportConversationModal open={reportOpen} onClose={() => setReportOpen(false)} conversationId={id} />
    </div>
  );
}
