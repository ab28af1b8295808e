import { useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { authCalls } from '@betoch/contracts/routes/auth';
import { paths } from '@/config/paths';
import { callApi } from '@/lib/api-client';
import { avatarLetter, displayName, useSession } from '@/lib/session';
import { DataSaverToggle } from './data-saver-toggle';
import { postMenuPlace, showWalletInMenu } from './nav-links';
import { PostLinks, usePostItems } from './post-property-menu';
import styles from './top-bar.module.css';
import { useDropdown } from './use-dropdown';

/**
 * Avatar button and its menu: display name, phone, Your account, Saved, Wallet, on a phone the tenant's ways to post
 * a home (their top bar has no room for the dropdown), Data saver, Logout.
 */
export function AvatarMenu() {
  const { t } = useTexts('common');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { open, close, menuId, rootRef, buttonProps } = useDropdown();
  const postItems = usePostItems();

  if (!session.user) return null;
  const user = session.user;

  const logout = () => {
    close();
    // Revoke this token on the server; the session ends here whatever the answer.
    void callApi(authCalls.logout).catch(() => undefined);
    session.signOut();
    queryClient.clear();
    void navigate(paths.home);
  };

  return (
    <div className={styles.avatarWrap} ref={rootRef}>
      <button {...buttonProps} type="button" className={styles.avatar} aria-label={t('nav.accountMenu', { name: displayName(user, t('nav.userFallback')) })}>
        <span aria-hidden="true">{avatarLetter(user)}</span>
      </button>
      {open ? (
        <div id={menuId} className={styles.menu}>
          <p className={styles.menuName}>{displayName(user, t('nav.userFallback'))}</p>
          <p className={styles.menuPhone} dir="ltr">
            {formatPhoneLocal(user.phone)}
          </p>
          <ul className={styles.menuList}>
            <li>
              <AppLink to={paths.account} className={styles.menuItem} onClick={close}>
                {t('nav.account')}
              </AppLink>
            </li>
            <li>
              <AppLink to={paths.saved} className={styles.menuItem} onClick={close}>
                {t('nav.saved')}
              </AppLink>
            </li>
            {showWalletInMenu(user, session.userType) ? (
              <li>
                <AppLink to={paths.wallet} className={styles.menuItem} onClick={close}>
                  {t('nav.wallet')}
                </AppLink>
              </li>
            ) : null}
            {postMenuPlace(user, session.userType) === 'account' ? (
              <li className={styles.phoneOnly}>
                <p className={styles.menuHeading} id={`${menuId}-post`}>
                  {t('nav.postProperty')}
                </p>
                <PostLinks items={postItems} className={styles.menuSubList} onPick={close} labelledBy={`${menuId}-post`} />
              </li>
            ) : null}
            <li className={styles.phoneOnly}>
              <DataSaverToggle variant="menu" className={styles.menuItem} />
            </li>
            <li>
              <button type="button" className={styles.menuItem} onClick={logout}>
                {t('nav.logout')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
