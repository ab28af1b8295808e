import { useTexts } from '@/lib/use-texts';
import type { TMessage } from '@betoch/contracts/conversations';
import { LockIcon } from '@/components/ui/icons';
import { formatMessageTime } from '../lib/message-time';
import { messageSide } from '../lib/message-side';
import { MessageText } from './message-text';
import styles from './thread-page.module.css';

export interface MessageBubbleProps {
  message: TMessage;
  /** Who wrote it, as the reader knows them ('You' for the reader's own). */
  author: string;
  now: number;
}

/**
 * One message: the tenant's on the right, the owner's on the left, with its author and time. A
 * blurred message has no text at all (the server sent none): it shows 'Message locked' over a
 * blurred stand-in.
 */
export function MessageBubble({ message, author, now }: MessageBubbleProps) {
  const { t, i18n } = useTexts('chat');
  const side = messageSide(message.role);
  return (
    <li className={`${styles.item} ${side === 'end' ? styles.end : styles.start}`} data-testid="message" data-role={message.role} data-side={side}>
      <div className={`${styles.bubble} ${message.mine ? styles.mine : styles.theirs} ${message.blurred ? styles.blurred : ''}`}>
        <span className="visually-hidden">{`${author}: `}</span>
        {message.blurred ? (
          <div className={styles.lockedBody}>
            <span className={styles.blurLines} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            <span className={styles.lockedLabel}>
              <LockIcon size={16} />
              {t('thread.locked')}
            </span>
          </div>
        ) : (
          <MessageText text={message.body_text} />
        )}
      </div>
      <p className={styles.meta}>
        <span aria-hidden="true">{author} · </span>
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, i18n.language, now)}</time>
      </p>
    </li>
  );
}
