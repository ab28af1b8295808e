import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { DATA_SAVER_PARAM } from '@betoch/contracts/constants';
import { useTexts } from '@/lib/use-texts';
import { DataSaverIcon } from '@/components/ui/icons';
import { setDataSaver, useDataSaver } from '@/lib/data-saver';
import styles from './language-switcher.module.css';

export type DataSaverVariant =
  /** 'Data saver' as a pill beside the language (the desktop bar). */
  | 'pill'
  /** A 44 px icon button in the phone's top bar; its name stays 'Data saver' for screen readers. */
  | 'icon'
  /** A row of the account menu: the name, and a switch drawn on or off. */
  | 'menu';

/**
 * Data saver on/off for this device (lib/data-saver): a toggle button (aria-pressed). Without
 * JavaScript the button is hidden and a link stands in for it: the same page with `?saver=1` (or
 * `0`), for which the server sets the choice's cookie and draws the page again with it.
 */
export function DataSaverToggle({ variant = 'pill', className }: { variant?: DataSaverVariant; className?: string }) {
  const { t } = useTexts('common');
  const on = useDataSaver();
  const button = {
    type: 'button' as const,
    'aria-pressed': on,
    title: t('dataSaver.hint'),
    onClick: () => setDataSaver(!on),
  };
  if (variant === 'menu') {
    return (
      <button {...button} className={`${className ?? ''} ${styles.menuToggle}`}>
        <DataSaverIcon size={20} />
        <span>{t('dataSaver.label')}</span>
        <span className={styles.switch} aria-hidden="true" />
      </button>
    );
  }
  const icon = variant === 'icon';
  const content = (
    <>
      {icon ? <DataSaverIcon size={20} /> : null}
      <span className={icon ? 'visually-hidden' : undefined}>{t('dataSaver.label')}</span>
    </>
  );
  return (
    <div className={`${styles.switcher} ${styles.onDark}`}>
      <button {...button} className={`${styles.option} ${icon ? styles.iconOption : ''} needs-script`}>
        {content}
      </button>
      <noscript>
        <PlainDataSaver on={on} className={`${styles.option} ${icon ? styles.iconOption : ''}`} title={button.title}>
          {content}
        </PlainDataSaver>
      </noscript>
    </div>
  );
}

/** The data saver as a link to the same page that turns it on or off (a switch for screen readers). */
function PlainDataSaver({ on, className, title, children }: { on: boolean; className: string; title: string; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  query.set(DATA_SAVER_PARAM, on ? '0' : '1');
  return (
    <a href={`${pathname}?${query.toString()}`} role="switch" aria-checked={on} className={className} title={title}>
      {children}
    </a>
  );
}
