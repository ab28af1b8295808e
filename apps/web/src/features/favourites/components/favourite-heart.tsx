import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { paths } from '@/config/paths';
import type { ListingHeartProps } from '@/lib/listing-slots';
import { useSession } from '@/lib/session';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useSetFavourite } from '../api/set-favourite';
import { rememberPendingFavourite } from '../lib/pending-favourite';
import { usePendingFavourite } from '../lib/use-pending-favourite';
import { HeartIcon } from './heart-icon';
import styles from './favourite-heart.module.css';

/**
 * The heart of a listing (a card's corner, or beside the title on /l/{id}): a toggle button.
 * Signed out, a tap sends the visitor to sign in and the listing is saved when they are back.
 * Loaded after hydration (lib/listing-slots.tsx); every heart reads one cached set of saved ids.
 */
export function FavouriteHeart({ listingId, variant }: ListingHeartProps) {
  const { t } = useTexts('favourites');
  const session = useSession();
  const user = session.isAuthenticated ? (session.user?.phone ?? null) : null;
  const ids = useFavouriteIds(user);
  const change = useSetFavourite(user);
  const navigate = useNavigate();
  const location = useLocation();
  const [announce, setAnnounce] = useState('');
  const saved = ids.data?.has(listingId) ?? false;

  const { mutate } = change;
  const save = useCallback((id: string) => mutate({ listingId: id, saved: true }), [mutate]);
  usePendingFavourite(user, save);

  const onClick = () => {
    if (!user) {
      rememberPendingFavourite(listingId);
      void navigate(paths.login, { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    const next = !saved;
    change.mutate(
      { listingId, saved: next },
      {
        onSuccess: () => setAnnounce(t(next ? 'heart.savedNotice' : 'heart.removedNotice')),
        onError: () => setAnnounce(t('heart.failed')),
      },
    );
  };

  const label = t('heart.label');
  return (
    <>
      <button
        type="button"
        className={`${styles.heart} ${variant === 'card' ? styles.card : styles.detail} ${saved ? styles.saved : ''}`}
        aria-pressed={saved}
        aria-label={variant === 'card' ? label : undefined}
        onClick={onClick}
        data-testid="favourite-heart"
      >
        <HeartIcon filled={saved} />
        {variant === 'detail' ? <span>{t(saved ? 'heart.saved' : 'heart.save')}</span> : null}
      </button>
      <span className="visually-hidden" role="status">
        {announce}
      </span>
    </>
  );
}
