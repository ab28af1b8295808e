import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
import { ADJUSTMENT_TARGETS, ADJUSTMENT_TYPES } from '@betoch/contracts/constants';
import type { TManualAdjustmentRequest } from '@betoch/contracts/admin';
import { Button } from '@/components/ui/button';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useCreateAdjustment } from '../../api/payments';
import { adjustmentMessageText, adjustmentPayload, EMPTY_ADJUSTMENT_FORM, ZAdjustmentForm, type AdjustmentFormValues } from '../../lib/adjustment-form';
import { failureAlert } from '../../lib/failure-text';
import styles from '../admin.module.css';

const resolver = zodResolver(ZAdjustmentForm) as unknown as Resolver<AdjustmentFormValues, unknown, TManualAdjustmentRequest>;

/** Logs a manual adjustment as pending; a second admin approves it (four eyes). */
export function AdjustmentForm({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTexts('admin');
  const create = useCreateAdjustment();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdjustmentFormValues, unknown, TManualAdjustmentRequest>({ resolver, defaultValues: EMPTY_ADJUSTMENT_FORM, mode: 'onTouched' });
  const message = (m: string | undefined) => adjustmentMessageText(t, m);

  const onSubmit = async (values: TManualAdjustmentRequest) => {
    setFormError(null);
    try {
      await create.mutateAsync(adjustmentPayload(values));
      reset(EMPTY_ADJUSTMENT_FORM);
      const text = t('adjust.success');
      onDone(text);
      window.alert(text);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, text] of Object.entries(error.fields)) {
          if (field in EMPTY_ADJUSTMENT_FORM) setError(field as keyof AdjustmentFormValues, { message: text });
        }
      }
      const text = failureAlert(t, 'adjust.failed', error);
      setFormError(text);
      window.alert(text);
    }
  };

  return (
    <section aria-labelledby="adjust-title" className={`${styles.section} ${styles.formCard}`}>
      <h2 id="adjust-title" className={styles.sectionTitle}>
        {t('adjust.title')}
      </h2>
      <p className={styles.muted}>{t('adjust.intro')}</p>
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
        <TextField
          label={t('adjust.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={t('adjust.phonePlaceholder')}
          error={message(errors.phone?.message)}
          {...register('phone')}
        />
        <div className={styles.fieldRow}>
          <TextField
            label={t('adjust.amount')}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint={t('adjust.amountHint')}
            error={message(errors.amount?.message)}
            {...register('amount')}
          />
          <SelectField label={t('adjust.type')} options={ADJUSTMENT_TYPES.map((v) => ({ value: v, label: t(`adjust.types.${v}`) }))} {...register('type')} />
        </div>
        <SelectField
          label={t('adjust.target')}
          options={ADJUSTMENT_TARGETS.map((v) => ({ value: v, label: t(`adjust.targets.${v}`) }))}
          {...register('target')}
        />
        <TextField label={t('adjust.reason')} error={message(errors.reason?.message)} {...register('reason')} />
        <TextAreaField label={t('adjust.notes')} optionalText={t('common.optional')} rows={2} error={message(errors.notes?.message)} {...register('notes')} />
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" block loading={isSubmitting}>
          {t('adjust.submit')}
        </Button>
      </form>
    </section>
  );
}
