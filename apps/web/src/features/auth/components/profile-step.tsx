import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTexts } from '@/lib/use-texts';
import type { z } from 'zod';
import type { ZSignupRequest } from '@betoch/contracts/auth';
import { SKU_CATALOG, USER_TYPES, type Sku } from '@betoch/contracts/constants';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField, SelectField, TextField } from '@/components/ui/field';
import { OwnEmailField } from '@/components/ui/own-contact-fields';
import { formatEtb } from '@/lib/format-money';
import { usePlanNames } from '@/lib/plan-names';
import { fieldError } from '../lib/field-error';
import type { CodeSender } from '../lib/use-code-sender';
import { CodeField } from './code-field';
import { CodeSentTo } from './code-sent-to';
import { DemoCode } from './demo-code';
import { ResendCode } from './resend-code';
import { TermsLabel } from '@/components/ui/terms-label';
import { TelegramVerifiedPhone } from './telegram-verified-phone';
import styles from './auth.module.css';

export type ProfileInput = z.input<typeof ZSignupRequest>;
export type ProfileOutput = z.output<typeof ZSignupRequest>;

export interface ProfileStepProps {
  form: UseFormReturn<ProfileInput, unknown, ProfileOutput>;
  phone: string;
  sender: CodeSender;
  notice?: ReactNode;
  /** A broker's plan, bought right after the account is created. */
  brokerPlan?: Sku;
  submitLabel: string;
  pending: boolean;
  onSubmit(values: ProfileOutput): Promise<void>;
  /** The phone was verified by Telegram (a signup ticket): no code is asked for. */
  byTelegram?: boolean;
  onResend(): void;
  onBack(): void;
}

/** Step 2 of /signup: name, optional email, role, agency name (brokers only), the code, and the Terms accepted. */
export function ProfileStep({ form, phone, sender, notice, brokerPlan, submitLabel, pending, onSubmit, byTelegram, onResend, onBack }: ProfileStepProps) {
  const { t, i18n } = useTexts('auth');
  const plans = usePlanNames();
  const userType = useWatch({ control: form.control, name: 'userType' });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(onSubmit);

  // Sent by the browser itself (without JavaScript) the form posts: its fields never go into the address.
  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void submit(e)}>
      {byTelegram ? <TelegramVerifiedPhone phone={phone} /> : <CodeSentTo phone={phone} />}
      {notice}
      <TextField label={t('fields.name')} autoComplete="name" data-autofocus error={fieldError(t, errors.name?.message)} {...form.register('name')} />
      <OwnEmailField label={t('fields.email')} optionalText={t('fields.optional')} error={fieldError(t, errors.email?.message)} {...form.register('email')} />
      <SelectField
        label={t('fields.role')}
        options={USER_TYPES.map((type) => ({ value: type, label: t(`roles.${type}`) }))}
        error={fieldError(t, errors.userType?.message)}
        {...form.register('userType')}
      />
      {userType === 'delala' ? (
        <TextField
          label={t('fields.agency')}
          hint={t('fields.agencyHint')}
          autoComplete="organization"
          error={fieldError(t, errors.agencyName?.message)}
          {...form.register('agencyName')}
        />
      ) : null}
      {brokerPlan ? (
        <Alert tone="info">
          {t('signup.selectedPlan', {
            plan: plans.name(brokerPlan),
            price: formatEtb(SKU_CATALOG[brokerPlan].priceEtb, i18n.language),
          })}
        </Alert>
      ) : null}
      {byTelegram ? null : (
        <>
          <DemoCode code={sender.demoCode} />
          <CodeField registration={form.register('code')} error={fieldError(t, errors.code?.message)} />
          <ResendCode secondsLeft={sender.secondsLeft} pending={sender.pending} onResend={onResend} />
        </>
      )}
      <CheckboxField
        label={<TermsLabel t={t} i18nKey="fields.acceptTerms" />}
        hint={t('fields.acceptTermsHint')}
        error={fieldError(t, errors.acceptTerms?.message)}
        {...form.register('acceptTerms')}
      />
      <div className={styles.actions}>
        <Button type="submit" block loading={pending}>
          {submitLabel}
        </Button>
        <Button variant="ghost" block disabled={pending} onClick={onBack}>
          {t('common:actions.back')}
        </Button>
      </div>
    </form>
  );
}
