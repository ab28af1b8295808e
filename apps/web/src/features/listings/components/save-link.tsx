import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { HeartIcon } from '@/components/ui/heart-icon';
import { signInLink } from '../lib/sign-in-link';
import styles from './listing-detail-extras.module.css';

/**
 * 'Save' on /l/{id} as the server draws it (and until the heart's code has come): a link to
 * sign-in that comes back to save the listing (paths.listingToSave), so it works before the app
 * has started and without JavaScript. Signed in already, sign-in sends straight back.
 */
export function SaveLink({ listingId }: { listingId: string }) {
  const { t } = useTexts('favourites');
  const signIn = signInLink(listingId, { save: true });
  return (
    <AppLink to={signIn.to} state={signIn.state} className={styles.action}>
      <HeartIcon filled={false} />
      <span>{t('heart.save')}</span>
    </AppLink>
  );
}
