import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import styles from './site-footer.module.css';

/** The foot of every page: the Privacy notice and the Terms, one tap away. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('siteFooter.label')}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.privacy} className={styles.link}>
              {t('siteFooter.privacy')}
            </Link>
          </li>
          <li>
            <Link to={paths.terms} className={styles.link}>
              {t('siteFooter.terms')}
            </Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
