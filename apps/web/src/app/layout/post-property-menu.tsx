import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from './top-bar.module.css';

/** The 'Post property' dropdown for everyone but brokers (who have a direct link). */
export function PostPropertyMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items = [
    { to: paths.postProperty, label: t('nav.postWizard') },
    { to: paths.postOwner, label: t('nav.postOwner') },
    { to: paths.delalaWelcome, label: t('nav.postAsBroker') },
  ];

  return (
    <div className={styles.avatarWrap} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.postButton}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        {t('nav.postProperty')} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={menuId} className={styles.menu}>
          <ul className={styles.menuList}>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={styles.menuItem} onClick={() => setOpen(false)}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
