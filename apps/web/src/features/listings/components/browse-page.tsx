import { useCallback, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import { LoadFailed } from '@/components/ui/load-failed';
import { Button, ButtonLink } from '@/components/ui/button';
import { isNewTabPress } from '@/components/ui/app-link';
import { EmptyState } from '@/components/ui/empty-state';
import { HomeIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useGradualCount } from '@/lib/use-gradual-count';
import { useBrowseListings } from '../api/browse-listings';
import { useMyListings } from '@/api/get-my-listings';
import { filtersFromSearch, filtersToSearch, hasActiveFilters, matchesFilters, searchFrom, startFromSearch, type BrowseFilters } from '../lib/browse-filters';
import { effectiveUserType } from '../lib/listing-display';
import { usePageTitle } from '@/lib/use-page-title';
import { useWideScreen } from '../hooks/use-wide-screen';
import { BrowseFilterBar } from './browse-filter-bar';
import { BrowseFiltersForm } from './browse-filters';
import { ListingCard, type CardListing } from './listing-card';
import { ListingGrid, ListingGridError, ListingGridItem, ListingGridSkeleton } from './listing-grid';
import { ListingTextLinks } from './listing-text-links';
import styles from './browse-page.module.css';

const SKELETON_CARDS = 6;
const CARDS_PER_TASK = 1;
/** Cards in the server's HTML: the first screen and a little more; the browser draws the rest. */
const SERVER_CARDS = 6;

/**
 * Where another feature's control for the current search goes (the saved searches' 'Save this search',
 * composed in app/routes.tsx): at the end of a phone's filter bar (no height added, so the first
 * card stays on the first screen), or above the wide screen's form. A stable function.
 */
export type BrowseSearchAction = (place: 'bar' | 'above') => ReactNode;

/**
 * /browse: live listings with filters in the URL query. Brokers are sent to /my-listings;
 * landlords see their own listings, filtered here. `searchAction`: for
 * tenants and visitors only (see BrowseSearchAction).
 */
export function BrowsePage({ searchAction }: { searchAction?: BrowseSearchAction } = {}) {
  const { t } = useTexts(['listings', 'common']);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const userType = effectiveUserType(session.userType, session.isAuthenticated ? session.user : null);
  const isLandlord = userType === 'landlord';
  const urlFilters = useMemo(() => filtersFromSearch(params), [params]);
  // No source filter for landlords: only their own listings are shown anyway.
  const filters = useMemo<BrowseFilters>(() => (isLandlord ? { ...urlFilters, source: undefined } : urlFilters), [urlFilters, isLandlord]);

  // 'Show more homes' followed without JavaScript: the results start after the page before.
  const start = useMemo(() => (isLandlord ? undefined : startFromSearch(params)), [params, isLandlord]);

  const sessionLoading = Boolean(session.token && !session.user);
  const browse = useBrowseListings(filters, !sessionLoading && !isLandlord && userType !== 'delala', start);
  const mine = useMyListings(!sessionLoading && isLandlord);
  usePageTitle(isLandlord ? t('browse.landlordTitle') : t('browse.title'));
  const listings: CardListing[] | undefined = isLandlord
    ? mine.data?.listings.filter((l) => matchesFilters(l, filters))
    : browse.data?.pages.flatMap((p) => p.listings);
  // On the app's first page (opened from a link, not come back to) the first cards are drawn at
  // once and the rest a few per task; coming back, all at once, for the browser to scroll back.
  const { key } = useLocation();
  const drawn = useGradualCount(listings?.length ?? 0, CARDS_PER_TASK, key === 'default' ? CARDS_PER_TASK : undefined, SERVER_CARDS);
  // The same functions while the query is the same, so the filters are not drawn again per card.
  const setFilters = useCallback((next: BrowseFilters) => setParams(filtersToSearch(next)), [setParams]);
  const clear = useCallback(() => setParams(new URLSearchParams()), [setParams]);
  // A phone shows the results first, the filters in a sheet behind a bar; a wide screen the form.
  const wide = useWideScreen();
  const barAction = useMemo(() => (isLandlord ? undefined : searchAction?.('bar')), [isLandlord, searchAction]);

  if (sessionLoading) return <PageSpinner label={t('common:status.loading')} />;
  if (userType === 'delala') return <Navigate to={paths.myListings} replace />;

  const active = hasActiveFilters(filters);

  const query = isLandlord ? mine : browse;
  const more = !isLandlord && Boolean(browse.hasNextPage);
  // 'Show more homes' is a link to the next page: with JavaScript it is fetched in place; without,
  // the server draws that page. Cards of this page the server left to the browser are listed as
  // plain links for a phone without JavaScript (a <noscript>), so none is skipped.
  const nextCursor = browse.data?.pages[browse.data.pages.length - 1]?.next_cursor;
  const moreLink = more && nextCursor ? `?${searchFrom(filters, nextCursor).toString()}` : undefined;
  const undrawn = listings && !isLandlord ? listings.slice(drawn) : [];

  return (
    <div className="page">
      <header className={styles.header}>
        <h1 className={styles.title}>{isLandlord ? t('browse.landlordTitle') : t('browse.title')}</h1>
        <p className={styles.subtitle}>{isLandlord ? t('browse.landlordSubtitle') : t('browse.subtitle')}</p>
        {start ? (
          <p className={styles.subtitle}>
            <AppLink to={`?${filtersToSearch(filters).toString()}`} className={styles.newest}>
              {t('browse.fromNewest')}
            </AppLink>
          </p>
        ) : null}
      </header>

      {wide ? (
        <>
          {isLandlord ? null : searchAction?.('above')}
          <BrowseFiltersForm filters={filters} onChange={setFilters} onClear={clear} showSource={!isLandlord} />
        </>
      ) : (
        <BrowseFilterBar
          filters={filters}
          onChange={setFilters}
          showSource={!isLandlord}
          resultCount={listings ? listings.length : undefined}
          moreResults={more}
          action={barAction}
        />
      )}

      {query.isPending ? (
        <>
          <p className={styles.count} role="status">
            {t('common:status.loading')}
          </p>
          <ListingGridSkeleton count={SKELETON_CARDS} />
        </>
      ) : query.isError && !listings?.length ? (
        <ListingGridError query={query} />
      ) : !listings?.length ? (
        <EmptyState
          icon={<HomeIcon size={40} style={{ margin: '0 auto' }} />}
          title={isLandlord && !active ? t('browse.landlordEmptyTitle') : t('browse.emptyTitle')}
          action={
            active ? (
              <Button variant="secondary" onClick={clear}>
                {t('filters.clear')}
              </Button>
            ) : null
          }
        >
          <p>{active ? t('browse.emptyFiltered') : isLandlord ? t('browse.landlordEmptyText') : t('browse.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          {/* The cards' titles are third-level headings: the results are the page's second level. */}
          <h2 className="visually-hidden">{t('browse.resultsLabel')}</h2>
          <p className={styles.count} role="status" aria-live="polite">
            {more ? t('browse.countMore', { count: listings.length }) : t('browse.count', { count: listings.length })}
          </p>
          <ListingGrid label={t('browse.resultsLabel')}>
            {listings.slice(0, drawn).map((listing, index) => (
              <ListingGridItem key={listing._id}>
                <ListingCard listing={listing} priority={index === 0} />
              </ListingGridItem>
            ))}
          </ListingGrid>
          {undrawn.length ? (
            <noscript>
              <ListingTextLinks listings={undrawn} />
            </noscript>
          ) : null}
          {browse.isFetchNextPageError ? (
            <LoadFailed
              title={t('browse.loadFailed')}
              query={{ error: browse.error, isFetching: browse.isFetchingNextPage, refetch: () => browse.fetchNextPage() }}
              small={false}
            />
          ) : null}
          {moreLink && !browse.isFetchNextPageError ? (
            <div className={styles.more}>
              <ButtonLink
                variant="secondary"
                to={moreLink}
                loading={browse.isFetchingNextPage}
                onClick={(event) => {
                  // Opened in a new tab or window, the link's own page.
                  if (isNewTabPress(event)) return;
                  event.preventDefault();
                  void browse.fetchNextPage();
                }}
              >
                {t('browse.showMore')}
              </ButtonLink>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
