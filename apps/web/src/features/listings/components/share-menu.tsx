import { useState } from 'react';
import { useTexts } from '@/lib/use-texts';
import { Modal } from '@/components/ui/modal';
import { telegramShareUrl, whatsappShareUrl, type ShareData } from '../lib/share-links';
import styles from './listing-detail-extras.module.css';

/** The share menu where the browser has no share sheet: Telegram, WhatsApp, copy the link. */
export function ShareMenu({ data, onClose }: { data: ShareData; onClose: () => void }) {
  const { t } = useTexts('extras');
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(data.url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Modal open onClose={onClose} title={t('share.menuTitle')} closeLabel={t('share.close')}>
      <label className={styles.linkLabel}>
        <span>{t('share.linkLabel')}</span>
        <input className={styles.linkField} readOnly value={data.url} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
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
        <li>
          <button type="button" className={styles.shareItem} onClick={() => void copyLink()}>
            {t('share.copy')}
          </button>
        </li>
      </ul>
      <p role="status" className={copy === 'failed' ? styles.copyFailed : styles.copied}>
        {copy === 'copied' ? t('share.copied') : copy === 'failed' ? t('share.copyFailed') : ''}
      </p>
    </Modal>
  );
}
