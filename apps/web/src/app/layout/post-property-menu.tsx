import { Link } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import styles from './top-bar.module.css';
import { useDropdown } from './use-dropdown';

/** The three ways to post a home (wizard, owner draft, broker), for the dropdown and the account menu. */
export function usePostItems() {
  const { t } = useTexts('common');
  return [
    { to: paths.postProperty, label: t('nav.postWizard') },
    { to: paths.postOwner, label: t('nav.postOwner') },
    { to: paths.delalaWelcome, label: t('nav.postAsBroker') },
  ];
}

/** The post links as a menu's list; picking one closes the menu. */
export function PostLinks({
  items,
  className,
  onPick,
  labelledBy,
}: {
  items: { to: string; label: string }[];
  className?: string;
  onPick: () => void;
  labelledBy?: string;
}) {
  return (
    <ul className={className} aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to} className={styles.menuItem} onClick={onPick}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 'Post property' dropdown for everyone but brokers (who have a direct link). `inRow`: the
 * phone's link row, where it looks like the links beside it and its menu opens from the start edge.
 */
export function PostPropertyMenu({ inRow = false }: { inRow?: boolean }) {
  const { t } = useTexts('common');
  const { open, close, menuId, rootRef, buttonProps } = useDropdown();
  const items = usePostItems();

  return (
    <div className={inRow ? styles.rowMenuWrap : styles.avatarWrap} ref={rootRef}>
      <button {...buttonProps} type="button" className={inRow ? styles.rowLink : styles.postButton}>
        {t('nav.postProperty')} <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id={menuId} className={`${styles.menu} ${inRow ? styles.menuEnd : ''}`}>
          <PostLinks items={items} className={styles.menuList} onPick={close} />
        </div>
      ) : null}
    </div>
  );
}
