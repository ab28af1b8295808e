import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/field';
import type { WizardFieldProps } from './wizard-field-props';

/** Step 2: the monthly rent in birr. */
export function PricingStep({ form, errors, onChange, errorText, disabled }: WizardFieldProps) {
  const { t } = useTranslation('landlord');
  return (
    <TextField
      label={t('wizard.price')}
      hint={t('wizard.priceHint')}
      name="price"
      inputMode="numeric"
      autoComplete="off"
      placeholder="15,000"
      value={form.price}
      onChange={(e) => onChange('price', e.currentTarget.value)}
      error={errorText(errors.price)}
      disabled={disabled}
    />
  );
}
