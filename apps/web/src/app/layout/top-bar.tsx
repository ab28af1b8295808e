import { lazy, Suspense, type ComponentType } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { NavItemLink } from '@/components/ui/nav-item-link';
import { useTexts } from '@/lib/use-texts';
import { WalletIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { PostCreditsBadge, WalletBadge } from '@/features/wallet/components/wallet-badge';
import { UnreadBadge } from '@/features/chat/components/unread-badge';
import { DataSaverToggle } from './data-saver-toggle';
import { LanguageSwitcher } from './language-switcher';
import { homeFor, navLinksFor, postMenuPlace, type NavLink, type NavLinkKind } from './nav-links';
import { PostPropertyMenu } from './post-property-menu';
import styles from './top-bar.module.css';

// The notifications bell: signed in only, so its code stays out of public first loads.
const NotificationBell = lazy(async () => ({ default: (await import('@/features/notifications/components/notification-bell')).NotificationBell }));

/**
 * The account menu exists only for a signed-in user, drawn once hydrated: its code comes then, so
 * the public pages' first load carries none of it (bundle-budget.json). An empty avatar-sized
 * circle holds its place meanwhile.
 */
const AvatarMenu = lazy(async () => ({ default: (await import('./avatar-menu')).AvatarMenu }));

/**
 * Badges shown beside a link, by the link's kind. A feature plugs its badge in here, e.g.
 * `messages: UnreadBadge`; a badge renders nothing when it has nothing to show.
 */
const LINK_BADGES: Partial<Record<NavLinkKind, ComponentType>> = { wallet: PostCreditsBadge, messages: UnreadBadge };

function LinkItem({ link, className }: { link: NavLink; className?: string }) {
  const { t } = useTexts('common');
  const Badge = link.kind ? LINK_BADGES[link.kind] : undefined;
  return (
    <NavItemLink to={link.to} className={(current) => `${className} ${current ? styles.active : ''}`}>
      <span className={styles.label}>{t(link.labelKey)}</span>
      {Badge ? <Badge /> : null}
    </NavItemLink>
  );
}

/**
 * The dark green top bar with its gold accent. On a phone: the logo, the credit count, the
 * language and the account (or Login) in the first row; the role's links in a second row that
 * shares the width out and never scrolls sideways, every label whole in both languages.
 * A broker's Wallet and post credits sit in the first row like a tenant's credits; a tenant's
 * 'Post property' and a signed-in person's data saver move into the account menu.
 */
export function TopBar() {
  const { t } = useTexts('common');
  const session = useSession();
  const user = session.isAuthenticated ? session.user : null;
  const links = navLinksFor(user, session.userType);
  const type = session.userType ?? user?.userType;
  const isDelala = type === 'delala';
  // A credit count or a broker's Wallet joins the first row: the logo's name gives way for it.
  const walletInBar = Boolean(user) && type !== 'landlord';
  const rowLinks = isDelala ? links.filter((link) => link.kind !== 'wallet') : links;
  const postPlace = postMenuPlace(user, session.userType);

  return (
    <header className={styles.header}>
      <div className={`${styles.bar} ${walletInBar ? styles.walletInBar : ''}`}>
        <AppLink to={homeFor(user, session.userType)} className={styles.logo} aria-label={t('brand.homeLink')}>
          <Logo />
          <span className={styles.brand}>{t('brand.name')}</span>
        </AppLink>
        <nav className={styles.links} aria-label={t('nav.main')}>
          {links.map((link) => (
            <LinkItem key={link.to} link={link} className={styles.link} />
          ))}
        </nav>
        <div className={styles.actions}>
          {!isDelala ? (
            <div className={styles.desktopOnly}>
              <PostPropertyMenu />
            </div>
          ) : null}
          <div className={`${styles.desktopOnly} ${styles.settings}`}>
            <DataSaverToggle />
            <LanguageSwitcher onDark />
          </div>
          {user && !isDelala ? <WalletBadge /> : null}
          {isDelala ? (
            <NavItemLink to={paths.wallet} className={(current) => `${styles.walletLink} ${styles.phoneOnly} ${current ? styles.active : ''}`}>
              <WalletIcon size={18} />
              <span>{t('nav.wallet')}</span>
              <PostCreditsBadge />
            </NavItemLink>
          ) : null}
          <div className={`${styles.phoneOnly} ${styles.settings}`}>
            {!user ? <DataSaverToggle variant="icon" /> : null}
            <LanguageSwitcher variant="toggle" onDark />
          </div>
          {user ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={<span className={styles.avatarPlaceholder} aria-hidden="true" />}>
              <AvatarMenu />
            </Suspense>
          ) : (
            <AppLink to={paths.login} className={styles.loginButton}>
              {t('nav.login')}
            </AppLink>
          )}
        </div>
      </div>
      <nav className={styles.row} aria-label={t('nav.mobile')}>
        {rowLinks.map((link) => (
          <LinkItem key={link.to} link={link} className={styles.rowLink} />
        ))}
        {postPlace === 'links' ? <PostPropertyMenu inRow /> : null}
      </nav>
    </header>
  );
}
