import { useTexts } from '@/lib/use-texts';
import { SelectField } from '@/components/ui/field';
import type { WizardFields } from '../../hooks/use-wizard-form';
import { AmountField, MoveInFields } from '../amount-field';

/**
 * Step 2: the monthly rent in birr and the move-in cost: the advance in months, a deposit if any
 * and, for brokers, their fee in birr or as a share of one month's rent.
 */
export function PricingStep({ fields, disabled, broker = false }: { fields: WizardFields; disabled?: boolean; broker?: boolean }) {
  const { t } = useTexts('landlord');
  const { form, field } = fields;
  const percent = form.watch('broker_fee_mode') === 'percent';
  const feeField = percent ? 'broker_fee_percent' : 'broker_fee_etb';
  const mode = field('broker_fee_mode');

  // The fee typed so far moves to the other field with the mode, to be read in the new unit.
  const switchMode = (to: 'etb' | 'percent') => {
    const from = to === 'percent' ? 'broker_fee_etb' : 'broker_fee_percent';
    form.setValue(to === 'percent' ? 'broker_fee_percent' : 'broker_fee_etb', form.getValues(from));
    form.setValue(from, '');
    form.clearErrors(['broker_fee_etb', 'broker_fee_percent']);
  };

  return (
    <>
      <AmountField label={t('wizard.price')} hint={t('wizard.priceHint')} placeholder="15,000" {...field('price_etb')} disabled={disabled} />
      <MoveInFields advance={{ ...field('advance_months'), disabled }} deposit={{ ...field('deposit_etb'), disabled }} />
      {broker ? (
        <>
          <SelectField
            label={t('moveIn.brokerFeeMode')}
            options={[
              { value: 'etb', label: t('moveIn.brokerFeeModes.etb') },
              { value: 'percent', label: t('moveIn.brokerFeeModes.percent') },
            ]}
            {...mode}
            onChange={(event) => {
              switchMode(event.currentTarget.value === 'percent' ? 'percent' : 'etb');
              return mode.onChange(event);
            }}
            disabled={disabled}
          />
          <AmountField
            key={feeField}
            label={percent ? t('moveIn.brokerFeePercent') : t('moveIn.brokerFeeEtb')}
            optionalText={t('wizard.optional')}
            {...field(feeField)}
            disabled={disabled}
          />
        </>
      ) : null}
    </>
  );
}
