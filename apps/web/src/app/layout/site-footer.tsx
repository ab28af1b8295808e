import { NavLink } from 'react-router';
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
            <NavLink to={paths.privacy} className={styles.link}>
              {t('siteFooter.privacy')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.terms} className={styles.link}>
              {t('siteFooter.terms')}
            </NavLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
