import { useCallback, useState, type MouseEvent } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TPhoto } from '@betoch/contracts/uploads';
import { isNewTabPress } from '@/components/ui/app-link';
import { CameraIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { PhotoViewer } from './photo-viewer';
import styles from './listing-gallery.module.css';
import { PHOTO_SIZES } from '@/config/photo-sizes';

const THUMBS = 4;

/**
 * The first photo large (loaded first, high priority), the next four small, and a full-screen
 * viewer for all of them. Every photo is a link to its own full-screen page (`/l/{id}?photo=n`,
 * drawn by the server: listing-photo-view.tsx), so it opens before the app's code has come and
 * without JavaScript; once the app is live a tap opens the viewer in place instead.
 */
export function ListingGallery({ listingId, photos, title }: { listingId: string; photos: TPhoto[]; title: string }) {
  const { t } = useTexts('listings');
  const [viewing, setViewing] = useState<number | null>(null);
  const close = useCallback(() => setViewing(null), []);
  const total = photos.length;
  // The app is live: the viewer opens in place (a press that asks for a new tab still gets the page).
  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (isNewTabPress(event)) return;
    event.preventDefault();
    setViewing(index);
  };

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
      <a href={paths.listingPhoto(listingId, 1)} className={styles.main} onClick={open(0)} aria-label={t('gallery.open', { n: 1, total })}>
        <ResponsivePhoto photo={first} alt={t('gallery.photoAlt', { n: 1, total, title })} sizes={PHOTO_SIZES.detail} priority />
        {total > 1 ? (
          <span className={styles.count} aria-hidden="true">
            <CameraIcon size={16} /> {total}
          </span>
        ) : null}
      </a>
      {thumbs.length ? (
        <ul className={styles.thumbs}>
          {thumbs.map((photo, i) => {
            const n = i + 2;
            const last = i === thumbs.length - 1 && hidden > 0;
            return (
              <li key={photo.key}>
                <a
                  href={paths.listingPhoto(listingId, n)}
                  className={styles.thumb}
                  onClick={open(n - 1)}
                  aria-label={last ? t('gallery.openMore', { n, total, more: hidden }) : t('gallery.open', { n, total })}
                >
                  <ResponsivePhoto photo={photo} alt="" sizes="(min-width: 1040px) 160px, 24vw" />
                  {last ? (
                    <span className={styles.more} aria-hidden="true">
                      +{hidden}
                    </span>
                  ) : null}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      <PhotoViewer photos={photos} index={viewing} onIndexChange={setViewing} onClose={close} title={title} />
    </div>
  );
}
