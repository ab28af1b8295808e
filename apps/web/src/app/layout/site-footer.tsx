import { NavItemLink } from '@/components/ui/nav-item-link';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import styles from './site-footer.module.css';

/** The foot of every page: the Privacy notice and the Terms, one tap away (the one open is marked current). */
export function SiteFooter() {
  const { t } = useTexts('common');
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('siteFooter.label')}>
        <ul className={styles.links}>
          <li>
            <NavItemLink to={paths.privacy} className={styles.link}>
              {t('siteFooter.privacy')}
            </NavItemLink>
          </li>
          <li>
            <NavItemLink to={paths.terms} className={styles.link}>
              {t('siteFooter.terms')}
            </NavItemLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
