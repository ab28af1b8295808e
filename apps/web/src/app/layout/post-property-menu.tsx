import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from './top-bar.module.css';
import { useDropdown } from './use-dropdown';

/** The 'Post property' dropdown for everyone but brokers (who have a direct link). */
export function PostPropertyMenu() {
  const { t } = useTranslation('common');
  const { open, close, menuId, rootRef, buttonProps } = useDropdown();

  const items = [
    { to: paths.postProperty, label: t('nav.postWizard') },
    { to: paths.postOwner, label: t('nav.postOwner') },
    { to: paths.delalaWelcome, label: t('nav.postAsBroker') },
  ];

  return (
    <div className={styles.avatarWrap} ref={rootRef}>
      <button {...buttonProps} type="button" className={styles.postButton}>
        {t('nav.postProperty')} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={menuId} className={styles.menu}>
          <ul className={styles.menuList}>
            {items.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={styles.menuItem} onClick={close}>
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
