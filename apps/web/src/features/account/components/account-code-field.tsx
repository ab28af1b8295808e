import { useTexts } from '@/lib/use-texts';
import { OTP_LENGTH } from '@betoch/contracts/constants';
import { TextField } from '@/components/ui/field';

/**
 * The code an account change was confirmed with (a new phone, the deletion): numeric keyboard,
 * the phone's one-time-code autofill, digits only (a pasted SMS's spaces dropped), OTP_LENGTH at most.
 */
export function AccountCodeField({ value, onChange, error }: { value: string; onChange: (digits: string) => void; error?: string }) {
  const { t } = useTexts('account');
  return (
    <TextField
      label={t('phone.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      dir="ltr"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      error={error}
    />
  );
}
