import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
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
import { draftFormFromListing, draftPayload, EMPTY_DRAFT_FORM, ZDraftForm, type DraftFormOutput, type DraftFormValues } from '../../lib/draft-form-schema';
import { listingMessageText } from '../../lib/listing-message';
import { AmountField, MoveInFields } from '../amount-field';
import { SectionTitle } from './section-title';
import styles from './owner.module.css';

const resolver = zodResolver(ZDraftForm) as unknown as Resolver<DraftFormValues, unknown, DraftFormOutput>;

/**
 * Step 1 of the owner page: the details, checked by the contract's schema (draft-form-schema.ts).
 * The first save creates the draft; later saves PATCH it (a live listing stays live).
 */
export function DraftDetailsForm({ listing, onSaved }: { listing: TListing | null; onSaved: (listing: TOwnerListing, created: boolean) => void }) {
  const { t } = useTexts(['landlord', 'common']);
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
  const field = (name: keyof DraftFormValues) => ({ ...register(name), error: message(errors[name]?.message) });

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
      <SectionTitle id="draft-details-title" number={1}>
        {t('owner.steps.details')}
      </SectionTitle>
      <TextField label={t('draft.title')} hint={t('draft.titleHint')} maxLength={120} {...field('title')} />
      <SelectField
        label={t('wizard.propertyType')}
        placeholder={t('draft.typePlaceholder')}
        options={PROPERTY_TYPES_OFFERED.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        {...field('type')}
      />
      <SelectField
        label={t('draft.subcity')}
        placeholder={t('wizard.locationPlaceholder')}
        options={SUBCITIES.map((s) => ({ value: s, label: t(`subcities.${s}`) }))}
        {...field('subcity')}
      />
      <TextField
        label={t('wizard.specificLocation')}
        optionalText={t('wizard.optional')}
        hint={t('wizard.specificLocationHint')}
        maxLength={120}
        autoComplete="off"
        {...field('specific_location')}
      />
      <AmountField label={t('draft.price')} hint={t('wizard.priceHint')} placeholder="15,000" {...field('price_etb')} />
      <div className={styles.pair}>
        <MoveInFields advance={field('advance_months')} deposit={field('deposit_etb')} />
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
        <TextField label={t('wizard.bathrooms')} optionalText={t('wizard.optional')} inputMode="numeric" {...field('bathrooms')} />
      </div>
      <TextField label={t('wizard.area')} optionalText={t('wizard.optional')} inputMode="decimal" {...field('area_sqm')} />
      <TextAreaField label={t('wizard.description')} hint={t('wizard.descriptionHint')} maxLength={5000} {...field('description')} />
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
