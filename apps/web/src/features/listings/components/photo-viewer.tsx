import { useRef, type KeyboardEvent, type TouchEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TPhoto } from '@betoch/contracts/uploads';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import styles from './photo-viewer.module.css';

export interface PhotoViewerProps {
  photos: TPhoto[];
  /** The photo shown; null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  title: string;
}

const SWIPE_PX = 40;

/**
 * The full-screen photo viewer: a modal <dialog> (the page behind is inert), previous/next
 * buttons, arrow keys, swipe, Escape to close, and focus back on the photo that opened it.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose, title }: PhotoViewerProps) {
  const { t } = useTexts(['listings', 'common']);
  const open = index !== null;
  const ref = useModalDialog(open, onClose);
  const touchX = useRef<number | null>(null);
  const count = photos.length;

  const step = (delta: number) => {
    if (index === null || count < 2) return;
    onIndexChange((index + delta + count) % count);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      step(1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      step(-1);
    }
  };

  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined) return;
    if (end - start > SWIPE_PX) step(-1);
    else if (start - end > SWIPE_PX) step(1);
  };

  const photo = index !== null ? photos[index] : undefined;
  return (
    <dialog ref={ref} className={styles.viewer} aria-label={t('gallery.viewerLabel', { title })} onKeyDown={onKeyDown}>
      {photo && index !== null ? (
        <div className={styles.inner}>
          <div className={styles.top}>
            <p className={styles.counter} aria-live="polite">
              {t('gallery.counter', { n: index + 1, total: count })}
            </p>
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('common:actions.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
            <ResponsivePhoto
              key={photo.key}
              photo={photo}
              alt={t('gallery.photoAlt', { n: index + 1, total: count, title })}
              sizes="100vw"
              fit="contain"
              priority
              className={styles.image}
            />
          </div>
          {count > 1 ? (
            <>
              <button type="button" className={`${styles.nav} ${styles.prev}`} onClick={() => step(-1)} aria-label={t('gallery.previous')}>
                <span aria-hidden="true">‹</span>
              </button>
              <button type="button" className={`${styles.nav} ${styles.next}`} onClick={() => step(1)} aria-label={t('gallery.next')}>
                <span aria-hidden="true">›</span>
              </button>
            </>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
