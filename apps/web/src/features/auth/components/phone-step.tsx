import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTexts } from '@/lib/use-texts';
import { ZRequestOtpRequest, type TRequestOtpRequest } from '@betoch/contracts/auth';
import { Button } from '@/components/ui/button';
import { OwnPhoneField } from '@/components/ui/own-contact-fields';
import { fieldError } from '../lib/field-error';
import styles from './auth.module.css';

export interface PhoneStepProps {
  defaultPhone: string;
  submitLabel: string;
  pending: boolean;
  /** A message above the field (a server failure, a note). */
  notice?: ReactNode;
  /** Focus the field when the step opens (coming back to it). */
  autoFocus?: boolean;
  /** A message key to show on the field from the start (the server refused this phone). */
  initialError?: string;
  /** `setPhoneError` puts a message key on the field (e.g. 'invalid_phone'). */
  onSubmit(phone: string, setPhoneError: (key: string) => void): Promise<void>;
}

/** Step 1 of /login and /signup: the phone number. */
export function PhoneStep({ defaultPhone, submitLabel, pending, notice, autoFocus, initialError, onSubmit }: PhoneStepProps) {
  const { t } = useTexts('auth');
  const form = useForm<TRequestOtpRequest>({
    resolver: zodResolver(ZRequestOtpRequest),
    defaultValues: { phone: defaultPhone },
  });
  const { setError } = form;
  useEffect(() => {
    if (initialError) setError('phone', { message: initialError }, { shouldFocus: true });
  }, [initialError, setError]);
  const submit = form.handleSubmit(({ phone }) => onSubmit(phone, (key) => form.setError('phone', { message: key }, { shouldFocus: true })));

  // Sent by the browser itself (without JavaScript) the form posts: its fields never go into the address.
  return (
    <form className={styles.form} method="post" noValidate onSubmit={(e) => void submit(e)}>
      {notice}
      <OwnPhoneField
        label={t('phone.label')}
        hint={t('phone.hint')}
        placeholder={t('phone.placeholder')}
        data-autofocus={autoFocus || undefined}
        error={fieldError(t, form.formState.errors.phone?.message)}
        {...form.register('phone')}
      />
      <div className={styles.actions}>
        <Button type="submit" block loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
