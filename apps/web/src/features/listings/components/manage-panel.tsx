import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '@/components/ui/app-link';
import { useTexts } from '@/lib/use-texts';
import type { TOwnerListing } from '@betoch/contracts/listings';
import { Alert } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useListingTitle } from '@/lib/listing-title';
import { useDeleteListing } from '../api/delete-listing';
import { useMarkListingRented } from '../api/mark-listing-rented';
import { useRepublishListing } from '../api/republish-listing';
import type { MyListingsState } from '../lib/notices';
import styles from './panels.module.css';

type Confirm = 'none' | 'rented' | 'delete';

/**
 * The owner's side panel of /l/{id}: view messages, edit, mark as rented (or publish again once
 * rented), delete. Rented and delete ask first, then return to /my-listings with a success alert.
 */
export function ManagePanel({ listing }: { listing: TOwnerListing }) {
  const { t } = useTexts(['listings', 'common']);
  const titleOf = useListingTitle();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Confirm>('none');
  const rented = useMarkListingRented();
  const remove = useDeleteListing();
  const republish = useRepublishListing();
  const live = listing.visibility === 'live';
  const busy = rented.isPending || remove.isPending || republish.isPending;

  const done = (state: MyListingsState) => navigate(paths.myListings, { state });

  const markRented = () => {
    republish.reset();
    rented.mutate(listing._id, {
      onSuccess: () => done({ notice: 'markedRented' }),
      onSettled: () => setConfirm('none'),
    });
  };
  const deleteIt = () => {
    republish.reset();
    remove.mutate(listing._id, {
      onSuccess: () => done({ notice: 'deleted' }),
      onSettled: () => setConfirm('none'),
    });
  };
  const publishAgain = () => {
    rented.reset();
    remove.reset();
    republish.mutate(listing._id);
  };

  const failure = rented.error ?? remove.error ?? republish.error;
  const needsCredits = failure instanceof ApiError && failure.code === 'insufficient_post_credits';

  return (
    <section className={styles.panel} aria-labelledby="manage-title">
      <h2 id="manage-title" className={styles.panelTitle}>
        {t('manage.title')}
      </h2>
      <p className={styles.hint}>{live ? t('manage.liveNote') : t('manage.draftNote')}</p>

      {failure ? (
        <Alert tone="error" title={rented.error ? t('manage.rentedFailed') : remove.error ? t('manage.deleteFailed') : t('manage.publishFailed')}>
          <p>{errorText(t, failure)}</p>
          {needsCredits ? (
            <p>
              {t('manage.needCredits')} <AppLink to={paths.wallet}>{t('manage.toWallet')}</AppLink>
            </p>
          ) : null}
        </Alert>
      ) : null}
      {republish.isSuccess ? (
        <Alert tone="success">
          <p>{t('manage.publishedAgain')}</p>
        </Alert>
      ) : null}

      <div className={styles.actions}>
        <Button block onClick={() => navigate(paths.chat, { state: { listingId: listing._id, listingTitle: titleOf(listing) } })}>
          {t('manage.viewMessages')}
        </Button>
        <ButtonLink block variant="secondary" to={`${paths.postOwner}?edit=${encodeURIComponent(listing._id)}`}>
          {t('manage.edit')}
        </ButtonLink>
        {live ? (
          <Button block variant="secondary" onClick={() => setConfirm('rented')} disabled={busy}>
            {t('manage.markRented')}
          </Button>
        ) : (
          <Button block variant="gold" onClick={publishAgain} loading={republish.isPending} disabled={busy}>
            {listing.published_at ? t('manage.publishAgain') : t('manage.publish')}
          </Button>
        )}
        <Button block variant="danger" onClick={() => setConfirm('delete')} disabled={busy}>
          {t('manage.delete')}
        </Button>
      </div>

      <ConfirmModal
        open={confirm === 'rented'}
        onClose={() => setConfirm('none')}
        title={t('manage.confirmRentedTitle')}
        action={{ label: t('manage.confirmRented'), onConfirm: markRented, busy: rented.isPending }}
      >
        <p>{t('manage.confirmRentedText')}</p>
      </ConfirmModal>
      <ConfirmModal
        open={confirm === 'delete'}
        onClose={() => setConfirm('none')}
        title={t('manage.confirmDeleteTitle')}
        action={{ label: t('manage.confirmDelete'), onConfirm: deleteIt, busy: remove.isPending, variant: 'danger' }}
      >
        <p>{t('manage.confirmDeleteText')}</p>
      </ConfirmModal>
    </section>
  );
}
