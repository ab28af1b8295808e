import { Link, NavLink as RouterNavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { AvatarMenu } from './avatar-menu';
import { LanguageSwitcher } from './language-switcher';
import { homeFor, navLinksFor, type NavLink } from './nav-links';
import { PostPropertyMenu } from './post-property-menu';
import styles from './top-bar.module.css';

function LinkItem({ link, className }: { link: NavLink; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <RouterNavLink to={link.to} className={({ isActive }) => `${className} ${isActive ? styles.active : ''}`}>
      {t(link.labelKey)}
    </RouterNavLink>
  );
}

/** The dark green top bar with its gold accent, and the mobile strip that repeats its links. */
export function TopBar() {
  const { t } = useTranslation('common');
  const session = useSession();
  const user = session.isAuthenticated ? session.user : null;
  const links = navLinksFor(user, session.userType);
  const isDelala = (session.userType ?? user?.userType) === 'delala';

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={homeFor(user, session.userType)} className={styles.logo} aria-label={t('brand.homeLink')}>
          <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#f2b632" />
            <path d="M14 32 32 16l18 16v18a2 2 0 0 1-2 2H38V38H26v14H16a2 2 0 0 1-2-2z" fill="#0d4f2f" />
          </svg>
          <span className={styles.brand}>{t('brand.name')}</span>
        </Link>
        <nav className={styles.links} aria-label={t('nav.main')}>
          {links.map((link) => (
            <LinkItem key={link.to} link={link} className={styles.link} />
          ))}
        </nav>
        <div className={styles.actions}>
          {!isDelala ? <PostPropertyMenu /> : null}
          <div className={styles.desktopOnly}>
            <LanguageSwitcher onDark />
          </div>
          {user ? (
            <AvatarMenu />
          ) : (
            <Link to={paths.login} className={styles.loginButton}>
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
      <nav className={styles.strip} aria-label={t('nav.mobile')}>
        {links.map((link) => (
          <LinkItem key={link.to} link={link} className={styles.stripLink} />
        ))}
        <div className={styles.stripLanguage}>
          <LanguageSwitcher onDark />
        </div>
      </nav>
    </header>
  );
}
