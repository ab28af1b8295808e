import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTexts } from '@/lib/use-texts';
import { photoSrcSet } from '@betoch/contracts/photo-srcset';
import type { TPhoto } from '@betoch/contracts/uploads';
import { useDataSaver } from '@/lib/data-saver';
import { CameraIcon } from './icons';
import styles from './responsive-photo.module.css';

export interface ResponsivePhotoProps {
  photo: TPhoto;
  alt: string;
  /** The `sizes` attribute: how wide the photo is shown, so the phone picks the smallest file. */
  sizes: string;
  /** Above the fold (the first photo of a page): loaded at once with high priority. */
  priority?: boolean;
  className?: string;
  /** How the photo fills its box: 'cover' for cards and thumbnails, 'contain' for the viewer. */
  fit?: 'cover' | 'contain';
  /** The person opened this very photo (its own full-screen page): loaded even with data saver on. */
  asked?: boolean;
}

/** The smallest rendition at least `minWidth` wide (or the largest there is): the fallback src. */
export function photoUrlFor(photo: Pick<TPhoto, 'sizes' | 'url'>, minWidth: number): string {
  const fitting = photo.sizes.find((s) => s.width >= minWidth);
  return fitting?.url ?? photo.sizes[photo.sizes.length - 1]?.url ?? photo.url;
}

/**
 * A listing photo: WebP renditions through srcset/sizes, width and height set so the page does
 * not jump, lazy below the fold, and the tiny blurred placeholder as background until it loads.
 *
 * With data saver on (lib/data-saver), no photo file is requested: the placeholder shows with a
 * "Tap to load photo" button that loads this photo only. Inside a link or button (gallery thumbs,
 * chat rows) there is no nested control: the placeholder shows a camera mark and the parent's own
 * action runs (the gallery's viewer then offers the button).
 */
export function ResponsivePhoto(props: ResponsivePhotoProps) {
  const saver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  return saver && !tapped && !props.asked ? <SavedPhoto {...props} onLoad={() => setTapped(true)} /> : <Photo {...props} focus={tapped} />;
}

function backdrop(photo: TPhoto, fit: 'cover' | 'contain'): CSSProperties {
  return {
    backgroundImage: photo.placeholder ? `url("${photo.placeholder}")` : undefined,
    backgroundSize: fit,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'center',
    width: '100%',
    height: '100%',
  };
}

function Photo({ photo, alt, sizes, priority = false, className, fit = 'cover', focus }: ResponsivePhotoProps & { focus: boolean }) {
  // Loaded by a tap: keep the focus on the photo that replaced the button.
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <img
      ref={ref}
      className={className}
      src={photoUrlFor(photo, 640)}
      srcSet={photoSrcSet(photo)}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={priority || focus ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      tabIndex={focus ? -1 : undefined}
      style={{ ...backdrop(photo, fit), objectFit: fit }}
    />
  );
}

function SavedPhoto({ photo, alt, className, fit = 'cover', onLoad }: ResponsivePhotoProps & { onLoad: () => void }) {
  const { t } = useTexts('common');
  const ref = useRef<HTMLDivElement>(null);
  // null until known: whether a link or button already wraps the photo.
  const [inControl, setInControl] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    setInControl(Boolean(ref.current?.parentElement?.closest('a[href], button')));
  }, []);
  return (
    <div
      ref={ref}
      className={`${className ?? ''} ${styles.saved} ${fit === 'contain' ? styles.contain : ''}`}
      style={{ ...backdrop(photo, fit), aspectRatio: `${photo.width} / ${photo.height}` }}
    >
      {/* The photo's text for screen readers, beside (never around) the button. */}
      {alt ? <span role="img" aria-label={alt} /> : null}
      {inControl === false ? (
        <button type="button" className={styles.load} onClick={onLoad}>
          <CameraIcon size={18} />
          {t('dataSaver.tapToLoad')}
        </button>
      ) : (
        <span className={styles.mark} aria-hidden="true">
          <CameraIcon size={18} />
        </span>
      )}
    </div>
  );
}
