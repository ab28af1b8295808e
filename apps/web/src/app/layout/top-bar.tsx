import type { ComponentType } from 'react';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { PostCreditsBadge, WalletBadge } from '@/features/wallet/components/wallet-badge';
import { UnreadBadge } from '@/features/chat/components/unread-badge';
import { AvatarMenu } from './avatar-menu';
import { DataSaverToggle } from './data-saver-toggle';
import { LanguageSwitcher } from './language-switcher';
import { homeFor, navLinksFor, type NavLink, type NavLinkKind } from './nav-links';
import { PostPropertyMenu } from './post-property-menu';
import styles from './top-bar.module.css';
import { useStripScroll } from './use-strip-scroll';

/**
 * Badges shown beside a link, by the link's kind. A feature plugs its badge in here, e.g.
 * `messages: UnreadBadge`; a badge renders nothing when it has nothing to show.
 */
const LINK_BADGES: Partial<Record<NavLinkKind, ComponentType>> = { wallet: PostCreditsBadge, messages: UnreadBadge };

function LinkItem({ link, className }: { link: NavLink; className?: string }) {
  const { t } = useTranslation('common');
  const Badge = link.kind ? LINK_BADGES[link.kind] : undefined;
  return (
    <RouterNavLink to={link.to} className={({ isActive }) => `${className} ${isActive ? styles.active : ''}`}>
      {t(link.labelKey)}
      {Badge ? <Badge /> : null}
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
  const strip = useStripScroll<HTMLElement>();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={homeFor(user, session.userType)} className={styles.logo} aria-label={t('brand.homeLink')}>
          <Logo />
          <span className={styles.brand}>{t('brand.name')}</span>
        </Link>
        <nav className={styles.links} aria-label={t('nav.main')}>
          {links.map((link) => (
            <LinkItem key={link.to} link={link} className={styles.link} />
          ))}
        </nav>
        <div className={styles.actions}>
          {!isDelala ? <PostPropertyMenu /> : null}
          <div className={`${styles.desktopOnly} ${styles.settings}`}>
            <DataSaverToggle />
            <LanguageSwitcher onDark />
          </div>
          {user ? (
            <div className={styles.desktopOnly}>
              <WalletBadge />
            </div>
          ) : null}
          {user ? (
            <AvatarMenu />
          ) : (
            <Link to={paths.login} className={styles.loginButton}>
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
      <nav ref={strip} className={styles.strip} aria-label={t('nav.mobile')}>
        {/* On phones the tenant's credit badge leads the strip: the bar above has no room left. */}
        {user ? <WalletBadge /> : null}
        {links.map((link) => (
          <LinkItem key={link.to} link={link} className={styles.stripLink} />
        ))}
        <div className={`${styles.stripLanguage} ${styles.settings}`}>
          <DataSaverToggle compact />
          <LanguageSwitcher onDark />
        </div>
      </nav>
    </header>
  );
}
