import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/ui/field';
import type { WizardFieldProps } from './wizard-field-props';

/**
 * Step 2: the monthly rent in birr, and the move-in cost (issue 20): the advance in months (the
 * rent law allows at most two), a deposit if any and, for brokers, their fee in birr or as a
 * share of one month's rent.
 */
export function PricingStep({ form, errors, onChange, errorText, disabled, broker = false }: WizardFieldProps & { broker?: boolean }) {
  const { t } = useTranslation('landlord');
  return (
    <>
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
      <TextField
        label={t('moveIn.advance')}
        optionalText={t('wizard.optional')}
        hint={t('moveIn.advanceHint')}
        name="advance_months"
        inputMode="numeric"
        autoComplete="off"
        value={form.advanceMonths}
        onChange={(e) => onChange('advanceMonths', e.currentTarget.value)}
        error={errorText(errors.advanceMonths)}
        disabled={disabled}
      />
      <TextField
        label={t('moveIn.deposit')}
        optionalText={t('wizard.optional')}
        hint={t('moveIn.depositHint')}
        name="deposit_etb"
        inputMode="numeric"
        autoComplete="off"
        value={form.depositEtb}
        onChange={(e) => onChange('depositEtb', e.currentTarget.value)}
        error={errorText(errors.depositEtb)}
        disabled={disabled}
      />
      {broker ? (
        <>
          <SelectField
            label={t('moveIn.brokerFeeMode')}
            name="broker_fee_mode"
            value={form.brokerFeeMode}
            options={[
              { value: 'etb', label: t('moveIn.brokerFeeModes.etb') },
              { value: 'percent', label: t('moveIn.brokerFeeModes.percent') },
            ]}
            onChange={(e) => onChange('brokerFeeMode', e.currentTarget.value === 'percent' ? 'percent' : 'etb')}
            disabled={disabled}
          />
          <TextField
            label={form.brokerFeeMode === 'percent' ? t('moveIn.brokerFeePercent') : t('moveIn.brokerFeeEtb')}
            optionalText={t('wizard.optional')}
            name="broker_fee"
            inputMode="numeric"
            autoComplete="off"
            value={form.brokerFee}
            onChange={(e) => onChange('brokerFee', e.currentTarget.value)}
            error={errorText(errors.brokerFee)}
            disabled={disabled}
          />
        </>
      ) : null}
    </>
  );
}
