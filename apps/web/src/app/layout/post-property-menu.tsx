import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import { NoScript } from '@/components/ui/no-script';
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

/**
 * The same three ways where the browser runs no code: to pages the server draws (posting itself
 * needs the app): the landlord's welcome (the wizard's start), sign-in that comes back to the
 * owner's form, and the broker's welcome.
 */
function plainPostItems(t: (key: string) => string) {
  return [
    { href: paths.landlordWelcome, label: t('nav.postWizard') },
    { href: paths.signInFrom(paths.postOwner), label: t('nav.postOwner') },
    { href: paths.delalaWelcome, label: t('nav.postAsBroker') },
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
          <AppLink to={item.to} className={styles.menuItem} onClick={onPick}>
            {item.label}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The 'Post property' dropdown for everyone but brokers (who have a direct link). `inRow`: the
 * phone's link row, where it looks like the links beside it and its menu keeps to the screen's end edge.
 */
export function PostPropertyMenu({ inRow = false }: { inRow?: boolean }) {
  const { t } = useTexts('common');
  const { open, close, menuId, rootRef, buttonProps } = useDropdown();
  const items = usePostItems();

  const wrap = inRow ? styles.rowMenuWrap : styles.avatarWrap;
  const menu = `${styles.menu} ${inRow ? styles.menuEnd : ''}`;

  return (
    <div className={wrap} ref={rootRef}>
      <button {...buttonProps} type="button" className={`${inRow ? styles.rowLink : styles.postButton} needs-script`}>
        {t('nav.postProperty')} <span aria-hidden="true">▾</span>
      </button>
      {/* Without JavaScript the menu is a <details> of links that work without it (never hydrated). */}
      <NoScript kept={inRow ? 'post-menu-row' : 'post-menu-bar'}>
        <details className={styles.plainMenu}>
          <summary className={inRow ? styles.rowLink : styles.postButton}>
            {t('nav.postProperty')} <span aria-hidden="true">▾</span>
          </summary>
          <div className={menu}>
            <ul className={styles.menuList}>
              {plainPostItems(t).map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={styles.menuItem}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </details>
      </NoScript>
      {open ? (
        <div id={menuId} className={menu}>
          <PostLinks items={items} className={styles.menuList} onPick={close} />
        </div>
      ) : null}
    </div>
  );
}
