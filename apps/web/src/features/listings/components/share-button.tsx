import { lazy, Suspense, useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import type { TListing } from '@betoch/contracts/listings';
import { ShareIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatEtb } from '@/lib/format-money';
import { useListingTitle } from '@/lib/listing-title';
import { usePageOrigin } from '@/lib/page-origin';
import { listingShareUrl, telegramShareUrl, whatsappShareUrl, type ShareData } from '../lib/share-links';
import styles from './listing-detail-extras.module.css';

/** Telegram, WhatsApp and copy-link, for browsers without a share sheet: loaded on the first tap. */
const ShareMenu = lazy(async () => ({ default: (await import('./share-menu')).ShareMenu }));

/**
 * 'Share' on /l/{id}: the phone's share sheet where the browser has one (navigator.share), else a
 * small menu. What is shared: the listing's public address, its public title and price only.
 * Without JavaScript the button is hidden and a <details> stands in for it: the address to copy
 * and plain links to share it on Telegram or WhatsApp.
 */
export function ShareButton({ listing }: { listing: TListing }) {
  const { t, i18n } = useTexts('extras');
  const title = useListingTitle()(listing);
  const [menuOpen, setMenuOpen] = useState(false);
  const origin = usePageOrigin();

  const data = (): ShareData => ({
    title,
    text: t('share.text', { title, price: formatEtb(listing.price_etb, i18n.language) }),
    url: listingShareUrl(origin, paths.listing(listing._id)),
  });

  const onClick = async () => {
    const shared = data();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(shared);
      } catch (error) {
        // Closed without sharing: nothing to say. Refused (not allowed here): the menu instead.
        if (!(error instanceof DOMException && error.name === 'AbortError')) setMenuOpen(true);
      }
      return;
    }
    setMenuOpen(true);
  };

  return (
    <>
      <button type="button" className={`${styles.action} needs-script`} onClick={() => void onClick()}>
        <ShareIcon size={20} />
        <span>{t('share.button')}</span>
      </button>
      {/* The browser draws a <noscript>'s content only without JavaScript (and React never hydrates it). */}
      <noscript>
        <PlainShare data={data()} />
      </noscript>
      {menuOpen ? (
        <Suspense fallback={null}>
          <ShareMenu data={data()} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Share' without JavaScript: opens in place, with the address and the links to share it. */
function PlainShare({ data }: { data: ShareData }) {
  const { t } = useTexts('extras');
  return (
    <details className={styles.plainShare}>
      <summary className={styles.action}>
        <ShareIcon size={20} />
        <span>{t('share.button')}</span>
      </summary>
      <div className={styles.plainSharePanel}>
        <label className={styles.linkLabel}>
          <span>{t('share.linkLabel')}</span>
          <input className={styles.linkField} readOnly value={data.url} dir="ltr" />
        </label>
        <ul className={styles.shareList}>
          <li>
            <a className={styles.shareItem} href={telegramShareUrl(data)} target="_blank" rel="noopener noreferrer">
              {t('share.telegram')}
            </a>
          </li>
          <li>
            <a className={styles.shareItem} href={whatsappShareUrl(data)} target="_blank" rel="noopener noreferrer">
              {t('share.whatsapp')}
            </a>
          </li>
        </ul>
      </div>
    </details>
  );
}
