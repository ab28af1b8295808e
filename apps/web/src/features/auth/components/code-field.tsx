import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTexts } from '@/lib/use-texts';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { TextField } from '@/components/ui/field';
import styles from './auth.module.css';

/**
 * The 6-digit code: numeric keyboard, the phone's one-time-code autofill, digits only (spaces
 * and dashes from a pasted SMS are dropped), at most 6 characters.
 */
export function CodeField({
  registration,
  error,
  autoFocus,
}: {
  registration: UseFormRegisterReturn<'code'>;
  error?: string;
  /** The field to focus when its step opens (see AuthLayout). */
  autoFocus?: boolean;
}) {
  const { t } = useTexts('auth');
  const { onChange, ...rest } = registration;
  return (
    <TextField
      label={t('code.label')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_LENGTH}
      dir="ltr"
      spellCheck={false}
      data-autofocus={autoFocus || undefined}
      className={styles.codeInput}
      error={error}
      {...rest}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        if (digits !== event.target.value) event.target.value = digits;
        return onChange(event);
      }}
    />
  );
}
