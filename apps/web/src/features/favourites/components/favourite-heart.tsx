import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { paths, SAVE_PARAM } from '@/config/paths';
import type { ListingHeartProps } from '@/lib/listing-slots';
import { useSession } from '@/lib/session';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useSetFavourite } from '../api/set-favourite';
import { rememberPendingFavourite } from '../lib/pending-favourite';
import { usePendingFavourite } from '../lib/use-pending-favourite';
import { HeartIcon } from '@/components/ui/heart-icon';
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
  // Back from sign-in after the server's 'Save' link (paths.listingToSave): saved once, the ask
  // taken out of the address.
  const [params, setParams] = useSearchParams();
  const askedToSave = variant === 'detail' && params.get(SAVE_PARAM) === '1';
  useEffect(() => {
    if (!user || !askedToSave) return;
    save(listingId);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SAVE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [user, askedToSave, save, listingId, setParams]);

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
