import { useTexts } from '@/lib/use-texts';
import { PROPERTY_TYPES_OFFERED, SUBCITIES } from '@betoch/contracts/constants';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field';
import type { WizardFields } from '../../hooks/use-wizard-form';
import { BATHROOM_CHOICES, BEDROOM_CHOICES } from '../../lib/property-types';
import { ChoiceChips } from '../choice-chips';
import styles from './wizard.module.css';

/** Step 1: type, subcity, specific location, bedrooms, bathrooms, area, description. */
export function PropertyStep({ fields, disabled }: { fields: WizardFields; disabled?: boolean }) {
  const { t } = useTexts('landlord');
  const { field, choice } = fields;
  const type = choice('type');
  const bedrooms = choice('bedrooms');
  const studio = type.value === 'studio';
  const optional = t('wizard.optional');
  return (
    <>
      <ChoiceChips
        {...type}
        legend={t('wizard.propertyType')}
        choices={PROPERTY_TYPES_OFFERED.map((value) => ({ value, label: t(`types.${value}`) }))}
        onChange={(value) => {
          type.onChange(value);
          // A studio has no bedroom count to choose: its chip is the studio one.
          if (value === 'studio') bedrooms.onChange('studio');
        }}
        disabled={disabled}
        columns={2}
      />
      <SelectField
        label={t('wizard.location')}
        placeholder={t('wizard.locationPlaceholder')}
        options={SUBCITIES.map((s) => ({ value: s, label: t(`subcities.${s}`) }))}
        {...field('subcity')}
        disabled={disabled}
      />
      <TextField
        label={t('wizard.specificLocation')}
        optionalText={optional}
        hint={t('wizard.specificLocationHint')}
        maxLength={120}
        autoComplete="off"
        {...field('specific_location')}
        disabled={disabled}
      />
      <ChoiceChips
        {...bedrooms}
        legend={t('wizard.bedrooms')}
        choices={BEDROOM_CHOICES.map((c) => ({ value: c, label: c === 'studio' ? t('wizard.studio') : c }))}
        value={studio ? 'studio' : bedrooms.value}
        error={studio ? undefined : bedrooms.error}
        disabled={disabled || studio}
        columns={3}
      />
      <ChoiceChips
        {...choice('bathrooms')}
        legend={
          <>
            {t('wizard.bathrooms')} <span className={styles.optional}>{optional}</span>
          </>
        }
        choices={BATHROOM_CHOICES.map((c) => ({ value: c, label: c }))}
        disabled={disabled}
        columns={4}
      />
      <TextField label={t('wizard.area')} optionalText={optional} inputMode="decimal" {...field('area_sqm')} disabled={disabled} />
      <TextAreaField label={t('wizard.description')} hint={t('wizard.descriptionHint')} maxLength={5000} {...field('description')} disabled={disabled} />
    </>
  );
}
