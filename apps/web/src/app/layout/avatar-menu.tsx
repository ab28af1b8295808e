import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { avatarLetter, displayName, useSession } from '@/lib/session';
import { showWalletInMenu } from './nav-links';
import styles from './top-bar.module.css';

/** Avatar button and its menu: display name, phone, Wallet, Logout. */
export function AvatarMenu() {
  const { t } = useTranslation('common');
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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

  if (!session.user) return null;
  const user = session.user;

  const logout = () => {
    setOpen(false);
    // Revoke this token on the server; the session ends here whatever the answer.
    void apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    session.signOut();
    queryClient.clear();
    void navigate(paths.home);
  };

  return (
    <div className={styles.avatarWrap} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.avatar}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('nav.accountMenu', { name: displayName(user, t('nav.userFallback')) })}
        onClick={() => setOpen((v) => !v)}
      >
        <span aria-hidden="true">{avatarLetter(user)}</span>
      </button>
      {open ? (
        <div id={menuId} className={styles.menu}>
          <p className={styles.menuName}>{displayName(user, t('nav.userFallback'))}</p>
          <p className={styles.menuPhone} dir="ltr">
            {formatPhoneLocal(user.phone)}
          </p>
          <ul className={styles.menuList}>
            {showWalletInMenu(user, session.userType) ? (
              <li>
                <Link to={paths.wallet} className={styles.menuItem} onClick={() => setOpen(false)}>
                  {t('nav.wallet')}
                </Link>
              </li>
            ) : null}
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
