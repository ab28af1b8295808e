import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import { PHOTOS_MAX } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { CameraIcon, CheckIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/error-text';
import type { PhotoItem, PhotoQueue } from '../hooks/use-photo-queue';
import type { PhotoSelection } from '../lib/photo-selection';
import styles from './photo-manager.module.css';

export interface PhotoManagerProps {
  queue: PhotoQueue;
  /** Shown under the title, e.g. 'Add at least 3 photos to publish.' */
  requirement?: string;
  /** An error about the photos as a whole ('Add at least one photo'). */
  error?: string;
  disabled?: boolean;
  /** The heading level of the title. */
  headingLevel?: 2 | 3;
  /** False when the page already has a 'Photos' heading right above (the wizard step). */
  showTitle?: boolean;
}

type Action = 'earlier' | 'later' | 'remove' | 'retry';

/**
 * Picks, previews, uploads, orders and removes a listing's photos: images only,
 * up to 10 MB each, at most 8, the first one primary. Every photo has its own progress bar and,
 * when it fails, its own error and retry button; the others and the form are not touched.
 */
export function PhotoManager({ queue, requirement, error, disabled, headingLevel = 3, showTitle = true }: PhotoManagerProps) {
  const { t } = useTexts(['landlord', 'common']);
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const [lastPick, setLastPick] = useState<PhotoSelection | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ id: string; action: Action } | null>(null);
  const full = queue.items.length >= PHOTOS_MAX;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    if (files.length) setLastPick(queue.add(files));
  };

  // Moving a photo re-inserts its card; keep the keyboard on the button that was pressed.
  useEffect(() => {
    const want = pendingFocus.current;
    if (!want || !listRef.current) return;
    pendingFocus.current = null;
    const card = Array.from(listRef.current.querySelectorAll<HTMLElement>('[data-photo-id]')).find((el) => el.dataset.photoId === want.id);
    const buttons = card ? Array.from(card.querySelectorAll<HTMLButtonElement>('button[data-action]')) : [];
    const target = buttons.find((b) => b.dataset.action === want.action && !b.disabled) ?? buttons.find((b) => !b.disabled);
    target?.focus();
  }, [queue.items]);

  const act = (item: PhotoItem, index: number, action: Action) => {
    if (action === 'remove') {
      // Focus goes to the neighbour that takes the removed card's place, or to the picker.
      const neighbour = queue.items[index + 1] ?? queue.items[index - 1];
      pendingFocus.current = neighbour ? { id: neighbour.id, action: 'remove' } : null;
      queue.remove(item.id);
      if (!neighbour) document.getElementById(inputId)?.focus();
      return;
    }
    pendingFocus.current = { id: item.id, action };
    if (action === 'retry') queue.retry(item.id);
    else queue.move(item.id, action === 'earlier' ? -1 : 1);
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const rejectedLines = lastPick?.rejected.map((r) => t(`photos.rejected.${r.reason}`, { name: r.file.name })) ?? [];

  return (
    <section className={styles.manager} aria-labelledby={titleId}>
      <div className={styles.header}>
        <Heading id={titleId} className={showTitle ? styles.title : 'visually-hidden'}>
          {t('photos.title')}
        </Heading>
        <span className={styles.count}>{t('photos.count', { count: queue.items.length, max: PHOTOS_MAX })}</span>
      </div>
      {requirement ? <p className={styles.requirement}>{requirement}</p> : null}

      <div className={styles.picker}>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          className={styles.fileInput}
          onChange={onPick}
          disabled={disabled || full}
          aria-describedby={hintId}
        />
        <label htmlFor={inputId} className={`${styles.pickButton} ${disabled || full ? styles.pickDisabled : ''}`}>
          <CameraIcon size={20} />
          {t('photos.add')}
        </label>
        <p id={hintId} className={styles.hint}>
          {t('photos.hint')}
          {queue.items.length ? ` · ${t('photos.primaryHint')}` : ''}
        </p>
      </div>

      {lastPick && (lastPick.dropped > 0 || rejectedLines.length > 0) ? (
        <Alert tone="warning">
          {lastPick.dropped > 0 ? <p>{t('photos.limit', { count: lastPick.room })}</p> : null}
          {rejectedLines.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </Alert>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}

      {queue.items.length ? (
        <ol className={styles.grid} ref={listRef}>
          {queue.items.map((item, index) => (
            <PhotoCard key={item.id} item={item} index={index} count={queue.items.length} disabled={disabled} onAction={(action) => act(item, index, action)} />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>{t('photos.empty')}</p>
      )}
      <UploadAnnouncer items={queue.items} />
    </section>
  );
}

function PhotoCard({
  item,
  index,
  count,
  disabled,
  onAction,
}: {
  item: PhotoItem;
  index: number;
  count: number;
  disabled?: boolean;
  onAction: (action: Action) => void;
}) {
  const { t } = useTexts(['landlord', 'common']);
  const n = index + 1;
  const labelId = useId();
  const percent = Math.round(item.progress * 100);
  const sending = item.status === 'waiting' || item.status === 'uploading';

  let statusText: string;
  if (item.status === 'ready') statusText = t('photos.ready');
  else if (item.status === 'waiting') statusText = t('photos.waiting');
  else if (item.status === 'uploading') statusText = percent >= 100 ? t('photos.processing') : t('photos.uploading', { percent });
  else if (item.status === 'uploaded') statusText = t('photos.uploaded');
  else statusText = t('photos.failed');

  return (
    <li className={`${styles.item} ${item.status === 'failed' ? styles.itemFailed : ''}`} data-photo-id={item.id}>
      <div className={styles.thumb}>
        <img src={item.previewUrl} alt={t('photos.alt', { n })} className={styles.image} decoding="async" />
        {index === 0 ? <span className={styles.primary}>{t('photos.primary')}</span> : null}
        {item.status === 'uploaded' ? (
          <span className={styles.done} aria-hidden="true">
            <CheckIcon size={16} />
          </span>
        ) : null}
      </div>
      <div className={styles.status}>
        <span id={labelId} className={item.status === 'failed' ? styles.statusFailed : styles.statusText}>
          {statusText}
        </span>
        {sending || item.status === 'uploaded' ? (
          <div
            className={styles.bar}
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.status === 'waiting' ? 0 : percent}
          >
            <span className={`${styles.barFill} ${percent >= 100 && sending ? styles.barBusy : ''}`} style={{ width: `${percent}%` }} />
          </div>
        ) : null}
        {item.status === 'failed' ? <span className={styles.errorText}>{errorText(t, item.error)}</span> : null}
      </div>
      <div className={styles.actions}>
        {item.status === 'failed' ? (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.retry}`}
            data-action="retry"
            onClick={() => onAction('retry')}
            disabled={disabled}
            aria-label={t('photos.retryLabel', { n })}
          >
            {t('photos.retry')}
          </button>
        ) : null}
        <button
          type="button"
          className={styles.iconButton}
          data-action="earlier"
          onClick={() => onAction('earlier')}
          disabled={disabled || index === 0}
          aria-label={t('photos.moveEarlier', { n })}
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          className={styles.iconButton}
          data-action="later"
          onClick={() => onAction('later')}
          disabled={disabled || index === count - 1}
          aria-label={t('photos.moveLater', { n })}
        >
          <span aria-hidden="true">→</span>
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.remove}`}
          data-action="remove"
          onClick={() => onAction('remove')}
          disabled={disabled}
          aria-label={t('photos.remove', { n })}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Tells screen readers how the uploads go when a photo starts, finishes or fails (not at every
 * percent, which would talk over everything else).
 */
function UploadAnnouncer({ items }: { items: PhotoItem[] }) {
  const { t } = useTexts('landlord');
  const sent = items.filter((i) => i.status !== 'ready');
  const uploaded = items.filter((i) => i.status === 'uploaded').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const sending = items.some((i) => i.status === 'waiting' || i.status === 'uploading');
  let text = '';
  if (sent.length && items.some((i) => i.file)) {
    text = sending ? t('photos.announce.progress', { uploaded, total: items.length }) : t('photos.announce.done', { uploaded, total: items.length });
    if (failed) text += ` ${t('photos.announce.failed', { count: failed })}`;
  }
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}
