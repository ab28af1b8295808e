import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import type { TOwnerListing, TListing } from '@betoch/contracts/listings';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useListingTitle } from '@/lib/listing-title';
import { createListing } from '../../api/create-listing';
import { updateListing } from '@/api/update-listing';
import {
  draftFormFromListing,
  draftPayload,
  EMPTY_DRAFT_FORM,
  ZDraftForm,
  type DraftFormOutput,
  type DraftFormValues,
} from '../../lib/draft-form-schema';
import { listingMessageText } from '../../lib/listing-message';
import styles from './owner.module.css';

const resolver = zodResolver(ZDraftForm) as unknown as Resolver<DraftFormValues, unknown, DraftFormOutput>;

/**
 * Step 1 of the owner page: the details (spec section 5, draft form). The first save creates the
 * draft; later saves PATCH it (a live listing stays live).
 */
export function DraftDetailsForm({ listing, onSaved }: { listing: TListing | null; onSaved: (listing: TOwnerListing, created: boolean) => void }) {
  const { t } = useTranslation(['landlord', 'common']);
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const [saved, setSaved] = useState<'created' | 'saved' | null>(null);
  // A generated title is offered in the poster's language; left as it is, it stays generated.
  const titleOf = useListingTitle();
  const formValues = (l: TListing): DraftFormValues => ({ ...draftFormFromListing(l), title: titleOf(l) });
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
    reset,
  } = useForm<DraftFormValues, unknown, DraftFormOutput>({
    resolver,
    defaultValues: listing ? formValues(listing) : EMPTY_DRAFT_FORM,
    mode: 'onTouched',
  });
  const studio = watch('type') === 'studio';
  const message = (m: string | undefined) => listingMessageText(t, m);

  const onSubmit = async (values: DraftFormOutput) => {
    setFailure(null);
    setSaved(null);
    try {
      const payload = draftPayload(values);
      if (listing?.title_generated && !dirtyFields.title) payload.title_generated = true;
      const answer = listing ? await updateListing(listing._id, payload) : await createListing(payload);
      reset(formValues(answer.listing));
      setSaved(listing ? 'saved' : 'created');
      onSaved(answer.listing, !listing);
    } catch (error) {
      // The server's own field messages go under their fields.
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field in EMPTY_DRAFT_FORM) setError(field as keyof DraftFormValues, { message: text });
        }
      }
      setFailure(
        listing
          ? { title: t('owner.saveFailed'), detail: errorText(t, error) }
          : { title: t('errors.createDraft'), detail: error instanceof ApiError && error.code !== 'validation_error' ? errorText(t, error) : undefined },
      );
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-labelledby="draft-details-title">
      <h2 id="draft-details-title" className={styles.sectionTitle}>
        <span className={styles.sectionNumber} aria-hidden="true">
          1
        </span>
        {t('owner.steps.details')}
      </h2>
      <TextField label={t('draft.title')} hint={t('draft.titleHint')} maxLength={120} error={message(errors.title?.message)} {...register('title')} />
      <SelectField
        label={t('wizard.propertyType')}
        placeholder={t('draft.typePlaceholder')}
        options={PROPERTY_TYPES_OFFERED.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        error={message(errors.type?.message)}
        {...register('type')}
      />
      <SelectField
        label={t('draft.subcity')}
        placeholder={t('wizard.locationPlaceholder')}
        options={SUBCITIES.map((s) => ({ value: s, label: t(`subcities.${s}`) }))}
        error={message(errors.subcity?.message)}
        {...register('subcity')}
      />
      <TextField
        label={t('wizard.specificLocation')}
        optionalText={t('wizard.optional')}
        hint={t('wizard.specificLocationHint')}
        maxLength={120}
        autoComplete="off"
        error={message(errors.specific_location?.message)}
        {...register('specific_location')}
      />
      <TextField
        label={t('draft.price')}
        hint={t('wizard.priceHint')}
        inputMode="numeric"
        autoComplete="off"
        placeholder="15,000"
        error={message(errors.price_etb?.message)}
        {...register('price_etb')}
      />
      <div className={styles.pair}>
        <TextField
          label={t('moveIn.advance')}
          optionalText={t('wizard.optional')}
          hint={t('moveIn.advanceHint')}
          inputMode="numeric"
          autoComplete="off"
          error={message(errors.advance_months?.message)}
          {...register('advance_months')}
        />
        <TextField
          label={t('moveIn.deposit')}
          optionalText={t('wizard.optional')}
          hint={t('moveIn.depositHint')}
          inputMode="numeric"
          autoComplete="off"
          error={message(errors.deposit_etb?.message)}
          {...register('deposit_etb')}
        />
      </div>
      <div className={styles.pair}>
        <TextField
          label={t('wizard.bedrooms')}
          optionalText={t('wizard.optional')}
          hint={studio ? t('draft.studioHint') : t('draft.bedroomsHint')}
          inputMode="numeric"
          disabled={studio}
          error={studio ? undefined : message(errors.bedrooms?.message)}
          {...register('bedrooms')}
        />
        <TextField
          label={t('wizard.bathrooms')}
          optionalText={t('wizard.optional')}
          inputMode="numeric"
          error={message(errors.bathrooms?.message)}
          {...register('bathrooms')}
        />
      </div>
      <TextField label={t('wizard.area')} optionalText={t('wizard.optional')} inputMode="decimal" error={message(errors.area_sqm?.message)} {...register('area_sqm')} />
      <TextAreaField
        label={t('wizard.description')}
        hint={t('wizard.descriptionHint')}
        maxLength={5000}
        error={message(errors.description?.message)}
        {...register('description')}
      />
      <SelectField
        label={t('wizard.contactPreference')}
        options={(['hide', 'show'] as const).map((v) => ({ value: v, label: t(`wizard.contact.${v}.title`) }))}
        {...register('contact_preference')}
      />
      {failure ? (
        <Alert tone="error" title={failure.title}>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </Alert>
      ) : null}
      {saved && !isDirty ? <Alert tone="success">{saved === 'saved' ? t('owner.saved') : t('owner.draftCreated')}</Alert> : null}
      <Button type="submit" block loading={isSubmitting} disabled={Boolean(listing) && !isDirty}>
        {listing ? t('owner.saveChanges') : t('owner.createDraft')}
      </Button>
    </form>
  );
}
