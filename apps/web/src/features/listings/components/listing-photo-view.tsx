import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TListing } from '@betoch/contracts/listings';
import { ResponsivePhoto } from '@/components/ui/responsive-photo';
import { paths } from '@/config/paths';
import { useListingTitle } from '@/lib/listing-title';
import viewer from './photo-viewer.module.css';
import styles from './listing-photo-view.module.css';

/**
 * /l/{id}?photo=n: one photo of a listing, full-screen, drawn by the server, with links to the
 * previous and next photo and back to the listing. What a photo of the gallery opens without
 * JavaScript, or when tapped before the app's code has come (with the app live, the gallery opens
 * its viewer in place). With the app live the links move without drawing the page again; the
 * previous and next ones replace the address, so 'Back' leaves the photos at once.
 */
export function ListingPhotoView({ listing, n }: { listing: TListing; n: number }) {
  const { t } = useTexts(['listings', 'common']);
  const title = useListingTitle()(listing);
  const total = listing.photos.length;
  const photo = listing.photos[n - 1];
  if (!photo) return null;
  const at = (k: number) => paths.listingPhoto(listing._id, ((k - 1 + total) % total) + 1);

  return (
    <section className={styles.page} aria-labelledby="photo-page-title">
      <div className={viewer.top}>
        <h1 id="photo-page-title" className={styles.title}>
          {t('gallery.viewerLabel', { title })}
        </h1>
        <p className={`${viewer.counter} ${styles.counter}`}>{t('gallery.counter', { n, total })}</p>
        <AppLink to={paths.listing(listing._id)} className={`${viewer.close} ${styles.link}`} aria-label={t('common:actions.close')}>
          <span aria-hidden="true">×</span>
        </AppLink>
      </div>
      <div className={viewer.stage}>
        <ResponsivePhoto
          key={photo.key}
          photo={photo}
          alt={t('gallery.photoAlt', { n, total, title })}
          sizes="100vw"
          fit="contain"
          priority
          asked
          className={viewer.image}
        />
      </div>
      {total > 1 ? (
        <>
          <AppLink to={at(n - 1)} replace className={`${viewer.nav} ${viewer.prev} ${styles.link}`} aria-label={t('gallery.previous')}>
            <span aria-hidden="true">‹</span>
          </AppLink>
          <AppLink to={at(n + 1)} replace className={`${viewer.nav} ${viewer.next} ${styles.link}`} aria-label={t('gallery.next')}>
            <span aria-hidden="true">›</span>
          </AppLink>
        </>
      ) : null}
    </section>
  );
}
