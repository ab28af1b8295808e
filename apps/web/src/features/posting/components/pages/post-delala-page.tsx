import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { ListingLimitBanner } from '../listing-limit-banner';
import { PropertyWizard } from '../wizard/property-wizard';
import styles from './pages.module.css';

/**
 * /post/delala: 'Post Property as Delala', the broker's wizard (the route's guard sends signed-out
 * visitors to /login). Each publish takes 1 post credit unless the unlimited plan is active;
 * afterwards an alert, then /my-listings.
 */
export function PostDelalaPage() {
  const { t, i18n } = useTranslation(['delala', 'landlord', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const unlimitedUntil = user?.sub_delala_unlimited_until ? new Date(user.sub_delala_unlimited_until) : null;
  const unlimited = unlimitedUntil !== null && unlimitedUntil.getTime() > Date.now();
  const credits = user?.post_credits ?? user?.badges.post_credits;
  const dateText = unlimitedUntil ? formatDate(unlimitedUntil, i18n.language, 'long') : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('post.title')}</h1>
        {user ? <p className={styles.who}>{t('landlord:post.loggedInAs', { subject: formatPhoneLocal(user.sub) })}</p> : null}
        {unlimited ? (
          <span className={styles.credits}>{t('post.unlimited', { date: dateText })}</span>
        ) : credits !== undefined ? (
          <span className={styles.credits}>{t('post.credits', { count: credits })}</span>
        ) : null}
      </header>
      <ListingLimitBanner enabled={Boolean(user)} />
      <PropertyWizard
        variant="delala"
        onPublished={(answer) => {
          window.alert(
            answer.covered_by_plan || answer.post_credits === undefined
              ? t('post.published')
              : t('post.publishedCredits', { count: answer.post_credits }),
          );
          navigate(paths.myListings);
        }}
      />
    </div>
  );
}
