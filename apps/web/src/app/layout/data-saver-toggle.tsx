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

/** Data saver on/off for this device (lib/data-saver): a toggle button (aria-pressed). */
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
  return (
    <div className={`${styles.switcher} ${styles.onDark}`}>
      <button {...button} className={`${styles.option} ${icon ? styles.iconOption : ''}`}>
        {icon ? <DataSaverIcon size={20} /> : null}
        <span className={icon ? 'visually-hidden' : undefined}>{t('dataSaver.label')}</span>
      </button>
    </div>
  );
}
