import { useEffect, useId, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTexts } from '@/lib/use-texts';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { HeartIcon } from '@/components/ui/heart-icon';
import { HomeIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useListingTitle } from '@/lib/listing-title';
import { displayName, useSession } from '@/lib/session';
import { useMyListings } from '@/api/get-my-listings';
import { effectiveUserType } from '../lib/listing-display';
import { myListingsStats } from '../lib/my-listings-stats';
import { noticeFrom, type MyListingsNotice } from '../lib/notices';
import { usePageTitle } from '@/lib/use-page-title';
import { ListingCard } from './listing-card';
import { ListingGrid, ListingGridError, ListingGridItem, ListingGridSkeleton } from './listing-grid';
import { ExpiredFreshness, LiveFreshness, needsAnswer } from './my-listing-freshness';
import styles from './my-listings-page.module.css';
import { FaydaOffer } from '@/lib/fayda-slot';

function StatCard({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <div className={styles.stat}>
      <dt className={styles.statLabel}>{label}</dt>
      <dd className={styles.statValue}>{loading || value === undefined ? <Skeleton height={30} width={44} /> : value}</dd>
    </div>
  );
}

/** Reads the one-time success notice from navigation state, then clears it so a reload does not repeat it. */
function useNotice(): MyListingsNotice | undefined {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice] = useState(() => noticeFrom(location.state));
  useEffect(() => {
    if (noticeFrom(location.state)) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);
  return notice;
}

type OwnListing = NonNullable<ReturnType<typeof useMyListings>['data']>['listings'][number];

/** One section of the owner's listings, each card with how many saved it (never who) and its Manage button. */
function OwnListings({
  title,
  label,
  listings,
  note,
  empty,
  extra,
}: {
  title: string;
  label: string;
  listings: OwnListing[];
  note?: string;
  empty?: string;
  /** Above the Manage button: freshness (when confirmed, the question, Renew). */
  extra?: (listing: OwnListing) => ReactNode;
}) {
  const { t } = useTexts(['listings', 'extras']);
  const titleOf = useListingTitle();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.listTitle}>
        {title}
      </h2>
      {note ? <p className={styles.sectionNote}>{note}</p> : null}
      {listings.length ? (
        <ListingGrid label={label}>
          {listings.map((listing, index) => (
            <ListingGridItem key={listing._id}>
              <ListingCard
                listing={listing}
                priority={index === 0}
                action={
                  <>
                    <p className={styles.savedCount}>
                      <HeartIcon filled={false} size={16} />
                      <span>{t('extras:mine.savedBy', { count: listing.saved_count })}</span>
                    </p>
                    {extra?.(listing)}
                    <ButtonLink to={paths.listing(listing._id)} variant="secondary" block aria-label={t('mine.manageLabel', { title: titleOf(listing) })}>
                      {t('mine.manage')}
                    </ButtonLink>
                  </>
                }
              />
            </ListingGridItem>
          ))}
        </ListingGrid>
      ) : empty ? (
        <p className={styles.sectionNote}>{empty}</p>
      ) : null}
    </section>
  );
}

/**
 * /my-listings (landlords and brokers; the route guard sends signed-out users to /login): the
 * welcome, stat cards, the 3-listing banner, the grid of live listings and, below it, the drafts.
 */
export function MyListingsPage() {
  const { t } = useTexts(['listings', 'common', 'freshness']);
  const session = useSession();
  const userType = effectiveUserType(session.userType, session.user);
  const allowed = userType === 'landlord' || userType === 'delala';
  const query = useMyListings(allowed);
  const notice = useNotice();
  usePageTitle(t('mine.title'));

  if (!allowed) return <Navigate to={paths.home} replace />;
  const isLandlord = userType === 'landlord';
  const addTo = isLandlord ? paths.postProperty : paths.postDelala;
  const name = displayName(session.user, t('common:nav.userFallback'));
  const listings = query.data?.listings;
  // The grid shows live listings; drafts (never published, or marked as rented) come after, apart.
  const live = listings?.filter((l) => l.visibility === 'live') ?? [];
  const drafts = listings?.filter((l) => l.visibility === 'draft') ?? [];
  // Expired (30 days unconfirmed, or tenants' asks unanswered): apart, each with Renew.
  const expired = listings?.filter((l) => l.visibility === 'expired') ?? [];
  const asked = live.filter(needsAnswer).length;
  const stats = query.data ? myListingsStats(query.data.listings, query.data.stats.landlord_live) : undefined;
  const loading = query.isPending;

  return (
    <div className="page">
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('mine.welcome', { name })}</h1>
          <p className={styles.subtitle}>{isLandlord ? t('mine.subtitleLandlord') : t('mine.subtitleBroker')}</p>
        </div>
        <ButtonLink to={addTo} variant="gold" className={styles.add}>
          <span aria-hidden="true">+</span> {t('mine.add')}
        </ButtonLink>
      </header>
      <FaydaOffer place="my-listings" />

      {notice ? (
        <Alert tone="success">
          <p>{t(`mine.notices.${notice}`)}</p>
        </Alert>
      ) : null}

      {query.isError ? null : (
        <dl className={styles.stats}>
          {isLandlord ? (
            <>
              <StatCard label={t('mine.stats.live')} value={stats?.live} loading={loading} />
              <StatCard label={t('mine.stats.published')} value={stats?.published} loading={loading} />
              <StatCard label={t('mine.stats.remaining')} value={stats?.remainingSlots} loading={loading} />
            </>
          ) : (
            <StatCard label={t('mine.stats.brokerLive')} value={query.data?.stats.delala_live} loading={loading} />
          )}
        </dl>
      )}

      {asked ? (
        <Alert tone="warning" title={t('freshness:askedTitle', { count: asked })}>
          <p>{t('freshness:askedText')}</p>
        </Alert>
      ) : null}

      {isLandlord && stats?.atLimit ? (
        <Alert tone="warning" title={t('mine.limitTitle')}>
          <p>{t('mine.limitText')}</p>
        </Alert>
      ) : null}

      {loading ? (
        <ListingGridSkeleton count={3} />
      ) : query.isError ? (
        <ListingGridError query={query} />
      ) : !listings?.length ? (
        <EmptyState
          icon={<HomeIcon size={40} style={{ margin: '0 auto' }} />}
          title={t('mine.emptyTitle')}
          action={
            <ButtonLink to={addTo} variant="gold">
              {t('mine.addFirst')}
            </ButtonLink>
          }
        >
          <p>{isLandlord ? t('mine.emptyTextLandlord') : t('mine.emptyTextBroker')}</p>
        </EmptyState>
      ) : (
        <>
          <OwnListings
            title={t('mine.listTitle', { count: live.length })}
            label={t('mine.listLabel')}
            listings={live}
            empty={drafts.length ? t('mine.noLive') : expired.length ? t('freshness:noLiveExpired') : undefined}
            extra={(listing) => <LiveFreshness listing={listing} />}
          />
          {expired.length ? (
            <OwnListings
              title={t('freshness:expiredTitle', { count: expired.length })}
              label={t('freshness:expiredLabel')}
              listings={expired}
              note={t('freshness:expiredNote')}
              extra={(listing) => <ExpiredFreshness listing={listing} isBroker={!isLandlord} />}
            />
          ) : null}
          {drafts.length ? (
            <OwnListings title={t('mine.draftsTitle', { count: drafts.length })} label={t('mine.draftsLabel')} listings={drafts} note={t('mine.draftsNote')} />
          ) : null}
        </>
      )}
    </div>
  );
}
