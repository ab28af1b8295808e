import { AppLink } from '@/components/ui/app-link';
import { Trans } from 'react-i18next';
import { useTexts } from '@/lib/use-texts';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import type { TUnlockRecord } from '@betoch/contracts/unlocks';
import { HomeIcon, PhoneIcon } from '@/components/ui/icons';
import { formatLocalDate } from '@/components/ui/local-date';
import { paths } from '@/config/paths';
import { formatEtb } from '@/lib/format-money';
import { telHref, thumbnailOf, unlockBadgeKey } from '../lib/unlock-display';
import styles from './my-unlocks-page.module.css';
import { RefundClaim } from './refund-claim';
import { useListingTitle } from '@/lib/listing-title';

/**
 * One unlocked contact. The title link opens /l/{id} and covers the whole card for a tap; the
 * tel: link sits above it, a separate link, so both are reachable by keyboard.
 */
export function UnlockCard({ record }: { record: TUnlockRecord }) {
  const { t, i18n } = useTexts('wallet');
  const { listing } = record;
  const title = useListingTitle()(listing);
  const thumb = thumbnailOf(record);
  const phone = formatPhoneLocal(record.poster_phone);
  const subcity = t(`unlocks.subcities.${listing.subcity}`, { defaultValue: listing.subcity });
  const type = t(`unlocks.types.${listing.type}`, { defaultValue: listing.type });
  return (
    <li className={styles.card} data-testid="unlock-card">
      <div className={styles.thumb}>
        {thumb ? (
          <img src={thumb.url} width={thumb.width} height={thumb.height} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noPhoto}>
            <HomeIcon size={28} />
            <span>{t('unlocks.noPhoto')}</span>
          </span>
        )}
      </div>
      <div className={styles.body}>
        <h2 className={styles.cardTitle}>
          <AppLink to={paths.listing(listing._id)} className={styles.cardLink}>
            {title}
          </AppLink>
        </h2>
        <p className={styles.meta}>
          {subcity} · {type}
        </p>
        <p className={styles.price}>
          <span dir="ltr">{formatEtb(listing.price_etb, i18n.language)}</span>
          <span className={styles.perMonth}> {t('unlocks.perMonth')}</span>
        </p>
      </div>
      <div className={styles.footer}>
        <a className={styles.phone} href={telHref(record.poster_phone)} aria-label={t('unlocks.callLabel', { title, phone })}>
          <PhoneIcon size={18} />
          <span dir="ltr">{phone}</span>
        </a>
        <span className={record.used_credit ? styles.badgeCredit : styles.badgeUnlimited}>{t(unlockBadgeKey(record))}</span>
        <p className={styles.date}>
          <Trans
            t={t}
            i18nKey="unlocks.unlockedOn"
            values={{ date: formatLocalDate(record.unlocked_at, i18n.language) }}
            components={{ date: <time dateTime={record.unlocked_at} /> }}
          />
        </p>
        <RefundClaim record={record} title={title} />
      </div>
    </li>
  );
}
