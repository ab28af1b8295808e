import { useCallback, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TPhoto } from '@betoch/contracts/uploads';
import { CameraIcon } from '@/components/ui/icons';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { PhotoViewer } from './photo-viewer';
import styles from './listing-gallery.module.css';
import { PHOTO_SIZES } from '@/config/photo-sizes';

const THUMBS = 4;

/**
 * The first photo large (loaded first, high priority), the next four small, and a full-screen
 * viewer for all of them. Every photo is a button that opens the viewer at that photo.
 */
export function ListingGallery({ photos, title }: { photos: TPhoto[]; title: string }) {
  const { t } = useTexts('listings');
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);
  const total = photos.length;

  if (!total) {
    return (
      <div className={styles.noPhotos}>
        <CameraIcon size={36} />
        <span>{t('gallery.noPhotos')}</span>
      </div>
    );
  }
  const [first, ...rest] = photos as [TPhoto, ...TPhoto[]];
  const thumbs = rest.slice(0, THUMBS);
  const hidden = total - 1 - thumbs.length;

  return (
    <div className={styles.gallery}>
      <button type="button" className={styles.main} onClick={() => setViewing(0)} aria-label={t('gallery.open', { n: 1, total })}>
        <ResponsivePhoto photo={first} alt={t('gallery.photoAlt', { n: 1, total, title })} sizes={PHOTO_SIZES.detail} priority />
        {total > 1 ? (
          <span className={styles.count} aria-hidden="true">
            <CameraIcon size={16} /> {total}
          </span>
        ) : null}
      </button>
      {thumbs.length ? (
        <ul className={styles.thumbs}>
          {thumbs.map((photo, i) => {
            const n = i + 2;
            const last = i === thumbs.length - 1 && hidden > 0;
            return (
              <li key={photo.key}>
                <button
                  type="button"
                  className={styles.thumb}
                  onClick={() => setViewing(n - 1)}
                  aria-label={last ? t('gallery.openMore', { n, total, more: hidden }) : t('gallery.open', { n, total })}
                >
                  <ResponsivePhoto photo={photo} alt="" sizes="(min-width: 1040px) 160px, 24vw" />
                  {last ? (
                    <span className={styles.more} aria-hidden="true">
                      +{hidden}
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} onClose={close} title={title} />
    </div>
  );
}
