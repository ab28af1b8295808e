import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { formatPhoneLocal } from '@betoch/contracts/phone';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { useMyListings } from '@/api/get-my-listings';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import { draftToResume, resumePath } from '../../lib/resume-draft';
import { ListingLimitBanner } from '../listing-limit-banner';
import { PropertyWizard } from '../wizard/property-wizard';
import styles from './pages.module.css';
import { FaydaOffer } from '@/lib/fayda-slot';

/**
 * /post/delala: 'Post Property as Delala', the broker's wizard (the route's guard sends signed-out
 * visitors to /login). Each publish takes 1 post credit unless the unlimited plan is active, so the
 * balance shows first and, at 0, a warning with a way to buy before filling anything in; the
 * purchase comes back here. The broker's unfinished draft (?draft=, else the latest) is continued,
 * never a second one started. After publishing: an alert, then /my-listings.
 */
export function PostDelalaPage() {
  const { t, i18n } = useTexts(['delala', 'landlord', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const refreshUser = useRefreshUser();
  const mine = useMyListings(Boolean(user));
  // The balance is read again on arrival: the broker may just have bought credits.
  const [fresh, setFresh] = useState(false);
  useEffect(() => {
    let live = true;
    refreshUser()
      .catch((error: unknown) => console.warn('Could not refresh the user', error))
      .finally(() => live && setFresh(true));
    return () => {
      live = false;
    };
  }, [refreshUser]);

  const unlimitedUntil = user?.sub_delala_unlimited_until ? new Date(user.sub_delala_unlimited_until) : null;
  const unlimited = unlimitedUntil !== null && unlimitedUntil.getTime() > Date.now();
  const credits = user?.post_credits ?? user?.badges.post_credits;
  const dateText = unlimitedUntil ? formatDate(unlimitedUntil, i18n.language, 'long') : undefined;
  // Which draft to continue is decided once, on the first answer read after arriving (not an
  // older cached list that may predate the draft): a later refetch (which may list
  // the draft this wizard just made) must not remount the wizard under the broker's hands.
  const [start, setStart] = useState<{ draft: TOwnerListing | null } | null>(null);
  const wanted = params.get('draft');
  useEffect(() => {
    if (start) return;
    if (mine.data && mine.isFetchedAfterMount) setStart({ draft: draftToResume(mine.data.listings, 'delala', wanted) });
    else if (mine.isError) setStart({ draft: null });
  }, [start, mine.data, mine.isFetchedAfterMount, mine.isError, wanted]);
  const draft = start?.draft ?? null;
  const noCredits = fresh && !unlimited && credits === 0;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('post.title')}</h1>
        <FaydaOffer place="posting" />
        {user ? <p className={styles.who}>{t('landlord:post.loggedInAs', { subject: formatPhoneLocal(user.sub) })}</p> : null}
        {unlimited ? (
          <span className={styles.credits}>{t('post.unlimited', { date: dateText })}</span>
        ) : credits !== undefined ? (
          <span className={styles.credits}>{t('post.credits', { count: credits })}</span>
        ) : null}
      </header>
      {noCredits ? (
        <Alert
          tone="warning"
          title={t('post.noCredits')}
          action={
            <ButtonLink
              to={paths.wallet}
              state={{ returnTo: resumePath(paths.postDelala, draft?._id ?? null), returnAfterPurchase: true, highlightSku: 'post_credit_1' }}
              variant="gold"
              small
            >
              {t('landlord:errors.buyCredits')}
            </ButtonLink>
          }
        >
          <p>{t('post.noCreditsDetail')}</p>
        </Alert>
      ) : null}
      <ListingLimitBanner enabled={Boolean(user)} />
      {!start && user ? (
        <div role="status" aria-label={t('common:status.loading')}>
          <Skeleton height={320} radius={12} />
        </div>
      ) : (
        <>
          {draft ? (
            <Alert tone="info" title={t('post.resumed')}>
              <p>{t('post.resumedDetail', { date: formatDate(new Date(draft.updatedAt), i18n.language, 'long') })}</p>
            </Alert>
          ) : null}
          <PropertyWizard
            key={draft?._id ?? 'new'}
            variant="delala"
            draft={draft}
            onPublished={(answer) => {
              window.alert(
                answer.covered_by_plan || answer.post_credits === undefined ? t('post.published') : t('post.publishedCredits', { count: answer.post_credits }),
              );
              navigate(paths.myListings);
            }}
          />
        </>
      )}
    </div>
  );
}
