import { lazy, Suspense } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TListing, TOwnerListing } from '@betoch/contracts/listings';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { HandshakeIcon, HomeIcon, PinIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { Skeleton } from '@/components/ui/skeleton';
import { countedParam, paths, PHOTO_PARAM } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useSession } from '@/lib/session';
import { useListing } from '@/api/get-listing';
import { formatDate, isListingOwner } from '../lib/listing-display';
import { usePageTitle } from '@/lib/use-page-title';
import { ConfirmedLine } from './confirmed-line';
import { FaydaBadge } from '@/components/ui/fayda-badge';
import { ListingFacts } from './listing-facts';
import { ListingGallery } from './listing-gallery';
import { ListingPhotoView } from './listing-photo-view';
import { DetailActions } from './listing-detail-extras';
import { MoveInCost, RentLawNote } from './move-in-cost';
import styles from './listing-detail-page.module.css';
import { useListingText } from '@/lib/contact-mask';
import { useListingTitle } from '@/lib/listing-title';
import { NextTask } from '@/lib/next-task';
import { useHydrating } from '@/lib/hydration';
import { WhenHydrated } from '@/lib/when-hydrated';

/**
 * The visitor's contact panel or the owner's manage panel, with their calls, forms and dialogs:
 * code of its own, loaded once the top of the page (photo, price, facts) has been shown, so the
 * first screen waits for none of it on a slow phone (docs/performance.md).
 */
const ListingDetailAside = lazy(async () => ({ default: (await import('./listing-detail-aside')).ListingDetailAside }));
/** The fair-price line: its own small chunk, loaded with the panel. */
const FairPriceLine = lazy(async () => ({ default: (await import('./fair-price-line')).FairPriceLine }));

function DetailSkeleton() {
  return (
    <div className={styles.layout} aria-hidden="true">
      <div className={styles.top}>
        <Skeleton height={260} radius={12} />
        <div style={{ display: 'grid', gap: 10, marginTop: 16 }}>
          <Skeleton height={28} width="40%" />
          <Skeleton height={22} width="75%" />
          <Skeleton height={18} width="55%" />
          <Skeleton height={88} />
        </div>
      </div>
      <div className={styles.side}>
        <Skeleton height={220} radius={12} />
      </div>
    </div>
  );
}

function PostedBy({ listing }: { listing: TListing }) {
  const { t } = useTexts('listings');
  const shown = useListingText();
  const { posted_by: by } = listing;
  if (by.is_broker) {
    return (
      <p className={`${styles.postedBy} ${styles.brokerBadge}`}>
        <HandshakeIcon size={18} />
        <span>{by.agency_name ? t('detail.postedByBrokerAgency', { agency: shown(by.agency_name) }) : t('detail.postedByBroker')}</span>
      </p>
    );
  }
  return (
    <p className={`${styles.postedBy} ${styles.ownerBadge}`}>
      <HomeIcon size={18} />
      <span>{t('detail.postedByOwner')}</span>
    </p>
  );
}

function ListingBody({ listing }: { listing: TListing }) {
  const { t, i18n } = useTexts('listings');
  const session = useSession();
  const user = session.isAuthenticated ? session.user : null;
  const owner = listing.access !== 'public' && isListingOwner(listing, user) ? (listing as TOwnerListing) : null;
  const subcity = t(`subcities.${listing.subcity}`, { defaultValue: listing.subcity });
  const lng = i18n.language ?? 'en';
  const shown = useListingText();
  const title = useListingTitle()(listing);
  // What everyone can see gets the fair-price line once hydrated, and 'Save' and 'Share' from the
  // server on (listing-detail-extras.tsx).
  const live = listing.visibility === 'live' && !(owner?.admin_hidden ?? false);

  return (
    <div className={styles.layout}>
      <div className={styles.top}>
        <ListingGallery listingId={listing._id} photos={listing.photos} title={title} />

        <header className={styles.header}>
          <p className={styles.price}>
            <Price amount={listing.price_etb} suffix={t('card.perMonth')} />
          </p>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.place}>
            <PinIcon size={18} />
            <span>
              {listing.specific_location ? <>{shown(listing.specific_location)}, </> : null}
              {t('detail.subcity', { subcity })}
            </span>
          </p>
          <PostedBy listing={listing} />
          {listing.posted_by.verified ? <FaydaBadge name={listing.posted_by.name ? shown(listing.posted_by.name) : null} /> : null}
          {listing.visibility === 'live' ? <ConfirmedLine confirmedAt={listing.confirmed_at} /> : null}
          {live ? (
            <NextTask>
              <WhenHydrated>
                <Suspense fallback={null}>
                  <FairPriceLine listingId={listing._id} live={live} />
                </Suspense>
              </WhenHydrated>
            </NextTask>
          ) : null}
          {live ? <DetailActions listing={listing} own={owner !== null} /> : null}
        </header>

        {owner && owner.visibility === 'draft' ? (
          <Alert tone="warning" title={t('detail.draftTitle')}>
            <p>{t('detail.draftText')}</p>
          </Alert>
        ) : null}
        {owner && owner.admin_hidden ? (
          <Alert tone="error" title={t('detail.hiddenTitle')}>
            <p>{owner.hidden_reason ?? t('detail.hiddenText')}</p>
          </Alert>
        ) : null}
        {listing.source === 'delala' ? (
          <Alert tone="warning" title={t('detail.brokerNoticeTitle')}>
            <p>{t('detail.brokerNotice')}</p>
          </Alert>
        ) : null}

        <section className={styles.section} aria-labelledby="facts-title">
          <h2 id="facts-title" className={styles.sectionTitle}>
            {t('detail.factsTitle')}
          </h2>
          <ListingFacts listing={listing} large />
        </section>

        <MoveInCost listing={listing} />
      </div>

      {/* The contact panel, description and dates come one task after the photo, price and facts. */}
      <NextTask>
        <aside className={styles.side}>
          <Suspense fallback={<Skeleton height={220} radius={12} />}>
            <ListingDetailAside listing={listing} owner={owner} viewer={user?.phone ?? null} />
          </Suspense>
        </aside>

        <div className={styles.rest}>
          <section className={styles.section} aria-labelledby="description-title">
            <h2 id="description-title" className={styles.sectionTitle}>
              {t('detail.descriptionTitle')}
            </h2>
            <p className={styles.description}>{shown(listing.description)}</p>
          </section>

          <RentLawNote />

          <dl className={styles.dates}>
            <DateRow label={t('detail.created')} iso={listing.createdAt} lng={lng} />
            <DateRow label={t('detail.updated')} iso={listing.updatedAt} lng={lng} />
          </dl>
        </div>
      </NextTask>
    </div>
  );
}

/**
 * A date of the listing; drawn on the server (and hydrated): the day in Addis Ababa, then the
 * phone's own. It reads whether the page is hydrating in a component of its own, as WhenHydrated
 * does, so that only it is drawn again when hydration ends.
 */
function DateRow({ label, iso, lng }: { label: string; iso: string; lng: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <time dateTime={iso}>{formatDate(iso, lng, useHydrating())}</time>
      </dd>
    </div>
  );
}

/**
 * /l/{id}: the listing, the owner's manage panel or the visitor's contact panel; with `?photo=n`
 * one of its photos full-screen (listing-photo-view.tsx).
 */
export function ListingDetailPage() {
  const { t } = useTexts(['listings', 'common']);
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const query = useListing(id, session.isAuthenticated ? (session.user?.phone ?? null) : null);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const titleOf = useListingTitle();
  usePageTitle((query.data && titleOf(query.data)) ?? (notFound ? t('detail.notFoundTitle') : undefined));

  // Back to where the visitor came from; a shared link opened directly goes to /browse.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.browse));
  // 'All homes' keeps the filters of the search the card was opened from.
  const from = (location.state as { from?: unknown } | null)?.from;
  const browseBack = typeof from === 'string' && from.startsWith(paths.browse) ? from : paths.browse;

  let content;
  if (query.isPending) {
    content = (
      <>
        <p className="visually-hidden" role="status">
          {t('common:status.loading')}
        </p>
        <DetailSkeleton />
      </>
    );
  } else if (notFound) {
    content = (
      <EmptyState
        icon={<HomeIcon size={40} style={{ margin: '0 auto' }} />}
        title={t('detail.notFoundTitle')}
        action={<ButtonLink to={paths.browse}>{t('detail.browseOthers')}</ButtonLink>}
      >
        <p>{t('detail.notFoundText')}</p>
      </EmptyState>
    );
  } else if (query.isError) {
    content = (
      <Alert
        tone="error"
        title={t('detail.loadFailed')}
        action={
          <Button variant="secondary" onClick={back}>
            {t('common:actions.back')}
          </Button>
        }
      >
        <p>{errorText(t, query.error)}</p>
        <p>
          <Button variant="ghost" small onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('common:actions.tryAgain')}
          </Button>
        </p>
      </Alert>
    );
  } else {
    const photo = countedParam(search, PHOTO_PARAM, query.data.photos.length);
    if (photo !== null) return <ListingPhotoView listing={query.data} n={photo} />;
    content = <ListingBody listing={query.data} />;
  }

  return (
    <div className="page">
      <nav className={styles.crumbs} aria-label={t('detail.breadcrumb')}>
        <AppLink to={browseBack} className={styles.backLink}>
          <span aria-hidden="true">‹</span> {t('detail.backToBrowse')}
        </AppLink>
      </nav>
      {content}
    </div>
  );
}
