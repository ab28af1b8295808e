import { useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTexts } from '@/lib/use-texts';
import { PHOTOS_MIN_TO_PUBLISH_UI } from '@betoch/contracts/constants';
import type { TListing, TOwnerListing } from '@betoch/contracts/listings';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { listingQueryKey, useListing } from '../../api/get-listing';
import { publishListing } from '@/api/publish-listing';
import { updateListing } from '@/api/update-listing';
import { usePhotoQueue } from '../../hooks/use-photo-queue';
import { useRefreshUser } from '../../hooks/use-refresh-user';
import { publishFailureText, type PublishStage } from '../../lib/publish-error';
import { PhotoManager } from '../photo-manager';
import { StepIndicator } from '../step-indicator';
import { DraftDetailsForm } from './draft-details-form';
import { SectionTitle } from './section-title';
import styles from './owner.module.css';
import { FaydaOffer } from '@/lib/fayda-slot';

/**
 * /post/owner: 'Post Property as Owner' in three steps (details, photos, publish). States:
 * no draft -> draft created -> at least 3 photos -> publish enabled; after publishing,
 * the listing's page. `?edit={id}` opens an existing listing of the poster's.
 */
export function PostOwnerPage() {
  const { t } = useTexts(['landlord', 'common']);
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit');
  const created = useRef<string | null>(null);
  const query = useListing(editId);

  if (editId && query.isPending) return <PageSpinner label={t('common:status.loading')} />;
  if (editId && (query.isError || query.data?.access === 'public')) {
    const missing = query.data?.access === 'public' || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <div className={styles.page}>
        <h1>{t('owner.editTitle')}</h1>
        <Alert
          tone="error"
          action={
            missing ? undefined : (
              <Button small variant="secondary" onClick={() => void query.refetch()}>
                {t('common:actions.tryAgain')}
              </Button>
            )
          }
        >
          {missing ? t('owner.notFound') : errorText(t, query.error)}
        </Alert>
        <ButtonLink to={paths.myListings} variant="secondary">
          {t('owner.backToListings')}
        </ButtonLink>
      </div>
    );
  }

  // The draft made on this page keeps the same form when its id goes into the address.
  const key = editId && editId !== created.current ? editId : 'new';
  return (
    <OwnerPosting
      key={key}
      initial={editId ? (query.data ?? null) : null}
      onCreated={(listing) => {
        created.current = listing._id;
        setParams({ edit: listing._id }, { replace: true });
      }}
    />
  );
}

function OwnerPosting({ initial, onCreated }: { initial: TListing | null; onCreated: (listing: TOwnerListing) => void }) {
  const { t } = useTexts(['landlord', 'common']);
  const navigate = useNavigate();
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const [listing, setListing] = useState<TListing | null>(initial);
  const photos = usePhotoQueue({ autoUpload: true, initial: initial?.photos ?? [] });
  const [busy, setBusy] = useState<null | 'photos' | 'publish'>(null);
  const [failure, setFailure] = useState<{ stage: PublishStage; error: unknown } | null>(null);
  const [photosSaved, setPhotosSaved] = useState(false);

  const live = listing?.visibility === 'live';
  // A draft is still being posted; a listing that was ever published is being edited.
  const published = live || Boolean(listing?.published_at);
  const storedKeys = (listing?.photos ?? []).map((p) => p.key).join(',');
  const currentKeys = photos.items.map((i) => i.photo?.key ?? i.id).join(',');
  const photosChanged = storedKeys !== currentKeys;
  const enoughPhotos = photos.uploadedCount >= PHOTOS_MIN_TO_PUBLISH_UI;
  const photosSettled = photos.pendingCount === 0 && photos.failedCount === 0;
  const canPublish = Boolean(listing) && !live && enoughPhotos && photosSettled && !busy;

  const current = !listing ? 1 : enoughPhotos ? 3 : 2;
  const done = [listing ? 1 : 0, listing && enoughPhotos ? 2 : 0].filter(Boolean);

  const remember = (next: TOwnerListing) => {
    setListing(next);
    client.setQueryData(listingQueryKey(next._id), next);
  };

  const attachPhotos = async (id: string) => {
    const keys = photos.items.flatMap((i) => (i.photo ? [i.photo.key] : []));
    const answer = await updateListing(id, { photos: keys });
    remember(answer.listing);
  };

  const savePhotos = async () => {
    if (!listing || busy) return;
    setBusy('photos');
    setFailure(null);
    setPhotosSaved(false);
    try {
      await attachPhotos(listing._id);
      setPhotosSaved(true);
    } catch (error) {
      setFailure({ stage: 'attach', error });
    } finally {
      setBusy(null);
    }
  };

  const publish = async () => {
    if (!listing || !canPublish) return;
    setBusy('publish');
    setFailure(null);
    let stage: PublishStage = 'attach';
    try {
      if (photosChanged) await attachPhotos(listing._id);
      stage = 'publish';
      const answer = await publishListing(listing._id);
      remember(answer.listing);
      await refreshUser().catch((error: unknown) => console.warn('Could not refresh the user', error));
      void client.invalidateQueries();
      navigate(paths.listing(listing._id));
    } catch (error) {
      setFailure({ stage, error });
      setBusy(null);
    }
  };

  const failureText = failure ? publishFailureText(t, failure.stage, failure.error) : null;

  return (
    <div className={styles.page}>
      <h1>{published ? t('owner.editTitle') : t('owner.title')}</h1>
      <p className={styles.intro}>{published ? t('owner.editIntro') : t('owner.intro')}</p>
      {current === 1 && !published ? <FaydaOffer place="posting" /> : null}
      <StepIndicator
        labels={[t('owner.steps.details'), t('owner.steps.photos'), t('owner.steps.publish')]}
        current={current}
        done={done}
        label={t('steps.label')}
      />

      <section className={styles.card}>
        <DraftDetailsForm
          listing={listing}
          onSaved={(saved, wasCreated) => {
            remember(saved);
            if (wasCreated) onCreated(saved);
          }}
        />
      </section>

      <section className={`${styles.card} ${!listing ? styles.locked : ''}`} aria-labelledby="owner-photos-title">
        <SectionTitle id="owner-photos-title" number={2}>
          {t('owner.steps.photos')}
        </SectionTitle>
        {!listing ? <p className={styles.lockedText}>{t('owner.photosLocked')}</p> : null}
        <PhotoManager
          queue={photos}
          showTitle={false}
          requirement={t('photos.requirementOwner', { count: PHOTOS_MIN_TO_PUBLISH_UI })}
          disabled={!listing || busy !== null}
          headingLevel={3}
        />
        {listing && (live || photosChanged) ? (
          <div className={styles.savePhotos}>
            {photosSaved && !photosChanged ? (
              <p role="status" className={styles.ok}>
                {t('owner.photosSaved')}
              </p>
            ) : null}
            {photosChanged ? (
              <Button variant="secondary" block onClick={() => void savePhotos()} loading={busy === 'photos'} disabled={!photosSettled || busy !== null}>
                {t('owner.savePhotos')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      <section className={`${styles.card} ${!listing ? styles.locked : ''}`} aria-labelledby="owner-publish-title">
        <SectionTitle id="owner-publish-title" number={3}>
          {t('owner.steps.publish')}
        </SectionTitle>
        {listing && live ? (
          <>
            <Alert tone="success">{t('owner.isLive')}</Alert>
            <ButtonLink to={paths.listing(listing._id)} variant="primary" block>
              {t('owner.viewListing')}
            </ButtonLink>
          </>
        ) : (
          <>
            <ul className={styles.checklist}>
              <CheckItem done={Boolean(listing)}>{t('owner.check.draft')}</CheckItem>
              <CheckItem done={enoughPhotos}>{t('owner.check.photos', { count: photos.uploadedCount, min: PHOTOS_MIN_TO_PUBLISH_UI })}</CheckItem>
            </ul>
            {photos.failedCount ? <p className={styles.warn}>{t('owner.fixFailed')}</p> : null}
            {photos.pendingCount ? <p className={styles.lockedText}>{t('owner.waitUploads')}</p> : null}
            <Button variant="gold" block onClick={() => void publish()} disabled={!canPublish} loading={busy === 'publish'}>
              {t('owner.publish')}
            </Button>
          </>
        )}
        {failureText ? (
          <div className={styles.failure}>
            <Alert
              tone="error"
              title={failureText.text}
              action={
                failureText.walletLink ? (
                  <ButtonLink to={paths.wallet} variant="gold" small>
                    {t('errors.buyCredits')}
                  </ButtonLink>
                ) : undefined
              }
            >
              {failureText.detail ? <p>{failureText.detail}</p> : null}
            </Alert>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** One line of the publish checklist: a tick when done, and 'done'/'to do' for screen readers. */
function CheckItem({ done, children }: { done: boolean; children: ReactNode }) {
  const { t } = useTexts('landlord');
  return (
    <li className={done ? styles.checkDone : ''}>
      <span aria-hidden="true">{done ? '✓' : '○'}</span> {children}
      <span className="visually-hidden"> {done ? t('owner.check.done') : t('owner.check.todo')}</span>
    </li>
  );
}
